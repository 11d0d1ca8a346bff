// hf_config.hpp — a Hugging Face config.json (as published) → ModelArch, and explicit architectures.
#pragma once

#include "catalog.hpp"
#include "error.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace infersizer {

// Understands llama, mistral, qwen2, qwen3, qwen3_moe, mixtral, gemma2, gemma3 (text_config), deepseek_v3
// / deepseek_v2 / kimi_k2, gpt_oss, phi3, glm / chatglm, glm4_moe, internlm2, baichuan, yi, minicpm.
// `path` prefixes error paths ("scenario.model.hf_config").
Expected<ModelArch> model_from_hf_config(const nlohmann::json& config, const std::string& name,
                                         const std::string& path);

// A pasted config.json's text: parsed with json_parse.hpp's limits (1 MiB, 64 levels, no key twice; a syntax
// error names its line and column: hf_config.parse), then read as above, named by its "_name_or_path" (cut to
// 256 characters, on one line) or "custom".
Expected<ModelArch> model_from_hf_config_text(const std::string& text, const std::string& path = "config.json");

// The contract's explicit form {"params_b", "active_params_b", "layers", "hidden", "heads", "kv_heads",
// "head_dim", "vocab", "intermediate", MoE and MLA fields ...}.
Expected<ModelArch> model_from_explicit(const nlohmann::json& obj, const std::string& path);
nlohmann::json model_to_explicit(const ModelArch& m);

}  // namespace infersizer
