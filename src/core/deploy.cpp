// deploy.cpp — the launch command for the chosen engine with the estimate's settings, and a load test
// that measures what the estimate predicts (TTFT and per-user tokens/s at the scenario's concurrency).
//
// Flags as the engines document them: vLLM `vllm serve` / `vllm bench serve` (docs.vllm.ai, cli/serve and
// cli/bench/serve), SGLang `sglang.launch_server` / `sglang.bench_serving`, TensorRT-LLM `trtllm-serve`
// (nvidia.github.io/TensorRT-LLM commands/trtllm-serve), llama.cpp `llama-server` (the context is shared
// by the --parallel slots, ggml-org/llama.cpp#11681), `llama-bench`, `llama-batched-bench`
// (tools/batched-bench/README.md), Ollama's OLLAMA_* server variables (envconfig/config.go).
#include "deploy.hpp"

#include "format_text.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace infersizer {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

struct Settings {
    std::string hf_id;
    std::string gguf_file;   // <model>-<quant>.gguf
    int tp = 1;
    int replicas = 1;
    int64_t context = 0;
    int64_t seqs_per_replica = 1;  // sequences one server instance runs at once
    int64_t concurrency = 1;
    int64_t prompt = 0, output = 0;
    std::string utilization;       // fraction of memory the engine may take: 1 − headroom
    bool gguf = false;
    bool cpu = false;
    int n_cpu_moe = 0;             // MoE expert offload (offload.cpp): llama-server --n-cpu-moe N; 0 = none
};

Settings settings_of(const Context& ctx, const Assessment& a) {
    Settings s;
    const Scenario& sc = ctx.scenario;
    s.hf_id = ctx.model.hf_id.empty() ? ctx.model.id : ctx.model.hf_id;
    s.gguf_file = ctx.model.id + "-" + ctx.weights.id + ".gguf";
    s.gguf = ctx.weights.scheme == WeightScheme::gguf;
    s.cpu = ctx.hardware.is_cpu();
    s.tp = std::max(1, a.performance.tp);
    s.replicas = ctx.engine.tensor_parallel ? std::max(1, a.count / s.tp) : 1;
    s.context = sc.context_tokens;
    s.concurrency = std::max<int64_t>(1, sc.concurrency);
    // Each instance is sized for its share of the peak concurrency; the engine pages or queues the rest.
    s.seqs_per_replica = (s.concurrency + s.replicas - 1) / s.replicas;
    s.prompt = sc.prompt_tokens;
    s.output = sc.output_tokens;
    // The engine's own share (vLLM 0.9), lowered when the scenario keeps more memory free: the estimate
    // budgets both (memory.cpp), so the command must not let the engine take more than either allows.
    const double engine_share = ctx.engine.memory_utilization < 1.0 ? ctx.engine.memory_utilization : 1.0;
    s.utilization = fmt::decimals(std::clamp(std::min(engine_share, 1.0 - sc.headroom), 0.05, 1.0), 2);
    if (a.offload && a.offload->applicable) s.n_cpu_moe = a.offload->n_cpu_moe_layers;
    return s;
}

// Enough prompts for ten full rounds of the peak concurrency, so the steady state dominates the warm-up.
int64_t num_prompts(const Settings& s) { return 10 * s.concurrency; }

std::string bench_random(const Settings& s) {
    return " --dataset-name random --random-input-len " + str(s.prompt) + " --random-output-len " + str(s.output) +
           " --max-concurrency " + str(s.concurrency) + " --num-prompts " + str(num_prompts(s));
}

// vLLM quantizes on the fly only for fp8 and bitsandbytes; AWQ/GPTQ/NVFP4/MXFP4 checkpoints carry their
// quantization_config and are detected (forcing --quantization awq would even pick the slower kernel).
std::string vllm_quant_flags(const Context& ctx) {
    const std::string& w = ctx.weights.id;
    if (w == "fp8") return " --quantization fp8";
    if (w == "nf4") return " --quantization bitsandbytes";
    if (w == "bf16") return " --dtype bfloat16";
    if (w == "fp16") return " --dtype float16";
    if (w == "fp32") return " --dtype float32";
    return "";
}

std::string prequantized_note(const Context& ctx) {
    if (ctx.weights.scheme == WeightScheme::group || ctx.weights.id == "nvfp4" || ctx.weights.id == "mxfp4" ||
        ctx.weights.id == "int8")
        return "  # load a " + ctx.weights.id + " checkpoint of " + (ctx.model.hf_id.empty() ? ctx.model.id : ctx.model.hf_id) +
               " (its quantization_config is read)";
    return "";
}

DeployHints vllm(const Context& ctx, const Settings& s) {
    DeployHints h;
    std::string model = s.gguf ? "./" + s.gguf_file + " --tokenizer " + s.hf_id : s.hf_id;
    h.launch_command = "vllm serve " + model + " --tensor-parallel-size " + std::to_string(s.tp);
    if (s.replicas > 1) h.launch_command += " --data-parallel-size " + std::to_string(s.replicas);
    h.launch_command += " --max-model-len " + str(s.context) + " --gpu-memory-utilization " + s.utilization +
                        " --max-num-seqs " + str(s.seqs_per_replica) + vllm_quant_flags(ctx);
    if (ctx.kv.id == "fp8") h.launch_command += " --kv-cache-dtype fp8";
    h.launch_command += prequantized_note(ctx);
    h.load_test_command = "vllm bench serve --model " + (s.gguf ? "./" + s.gguf_file + " --tokenizer " + s.hf_id : s.hf_id) +
                          bench_random(s);
    return h;
}

DeployHints sglang(const Context& ctx, const Settings& s) {
    DeployHints h;
    h.launch_command = "python -m sglang.launch_server --model-path " + s.hf_id + " --tp " + std::to_string(s.tp);
    if (s.replicas > 1) h.launch_command += " --dp " + std::to_string(s.replicas);
    h.launch_command += " --context-length " + str(s.context) + " --mem-fraction-static " + s.utilization +
                        " --max-running-requests " + str(s.seqs_per_replica);
    if (ctx.weights.id == "fp8") h.launch_command += " --quantization fp8";
    if (ctx.kv.id == "fp8") h.launch_command += " --kv-cache-dtype fp8_e5m2";
    h.launch_command += prequantized_note(ctx);
    h.load_test_command = "python -m sglang.bench_serving --backend sglang" + bench_random(s);
    return h;
}

DeployHints trtllm(const Context& ctx, const Settings& s) {
    DeployHints h;
    h.launch_command = "trtllm-serve " + s.hf_id + " --backend pytorch --tp_size " + std::to_string(s.tp) +
                       " --max_seq_len " + str(s.context) + " --max_batch_size " + str(s.seqs_per_replica) +
                       " --kv_cache_free_gpu_memory_fraction " + s.utilization;
    if (ctx.kv.id == "fp8") h.launch_command += "  # FP8 KV: kv_cache_config: {dtype: fp8} in --extra_llm_api_options";
    else h.launch_command += prequantized_note(ctx);
    if (s.replicas > 1) h.launch_command += "  # × " + std::to_string(s.replicas) + " instances behind a load balancer";
    h.load_test_command = "vllm bench serve --backend openai --base-url http://localhost:8000 --model " + s.hf_id +
                          bench_random(s);
    return h;
}

// llama.cpp's quantized KV types (-ctk/-ctv); a quantized V cache needs flash attention.
std::string llama_kv_flags(const Context& ctx) {
    const std::string& kv = ctx.kv.id;
    if (kv == "q8_0" || kv == "q4_0" || kv == "q5_0" || kv == "q5_1" || kv == "q4_1" || kv == "iq4_nl")
        return " -ctk " + kv + " -ctv " + kv + " -fa on";
    return "";
}

std::string powers_up_to(int64_t n) {
    std::string out;
    for (int64_t b = 1; b < n; b *= 2) out += str(b) + ",";
    return out + str(n);
}

DeployHints llama_cpp(const Context& ctx, const Settings& s) {
    DeployHints h;
    const std::string ngl = s.cpu ? " -ngl 0" : " -ngl 99";
    const int64_t slots = s.seqs_per_replica;
    h.launch_command = "llama-server -m " + s.gguf_file + " -c " + str(s.context * slots) + ngl + " --parallel " +
                       str(slots) + llama_kv_flags(ctx);
    if (!s.cpu && s.tp > 1) h.launch_command += " --split-mode layer";
    // Keeps the expert tensors of the first N layers in host RAM (ggml-org/llama.cpp#15077).
    if (!s.cpu && s.n_cpu_moe > 0) h.launch_command += " --n-cpu-moe " + std::to_string(s.n_cpu_moe);
    if (!s.gguf) h.launch_command += "  # convert " + s.hf_id + " to GGUF first (convert_hf_to_gguf.py)";
    const std::string kv = llama_kv_flags(ctx);
    h.load_test_command = "llama-bench -m " + s.gguf_file + " -p " + str(s.prompt) + " -n " + str(s.output) + ngl + kv +
                          "\nllama-batched-bench -m " + s.gguf_file + " -c " + str(slots * (s.prompt + s.output)) +
                          " -npp " + str(s.prompt) + " -ntg " + str(s.output) + " -npl " + powers_up_to(slots) + ngl + kv;
    return h;
}

DeployHints ollama(const Context& ctx, const Settings& s) {
    DeployHints h;
    std::string env = "OLLAMA_NUM_PARALLEL=" + str(s.seqs_per_replica) + " OLLAMA_CONTEXT_LENGTH=" + str(s.context);
    if (ctx.kv.id == "q8_0" || ctx.kv.id == "q4_0")
        env += " OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=" + ctx.kv.id;
    // Ollama names GGUF repositories as hf.co/<user>/<repo>:<quant>; the repository is the user's choice.
    const std::string tag = "hf.co/<GGUF repo of " + s.hf_id + ">:" + ctx.weights.id;
    h.launch_command = env + " ollama serve\nollama run " + tag;
    // Ollama has no expert offload (ollama/ollama#11772); when the model needs it, name llama.cpp's command.
    if (s.n_cpu_moe > 0)
        h.launch_command += "\n# does not fit the cards: Ollama cannot keep only the experts in RAM; with llama.cpp:\n"
                            "llama-server -m " + s.gguf_file + " -c " + str(s.context * s.seqs_per_replica) +
                            " -ngl 99 --parallel " + str(s.seqs_per_replica) + " --n-cpu-moe " + std::to_string(s.n_cpu_moe);
    h.load_test_command = "vllm bench serve --backend openai-chat --base-url http://localhost:11434 --endpoint "
                          "/v1/chat/completions --model " + tag + " --tokenizer " + s.hf_id + bench_random(s);
    return h;
}

DeployHints transformers(const Context&, const Settings& s) {
    DeployHints h;
    h.launch_command = "transformers serve  # then request model " + s.hf_id;
    h.load_test_command = "vllm bench serve --backend openai-chat --base-url http://localhost:8000 --endpoint "
                          "/v1/chat/completions --model " + s.hf_id + bench_random(s);
    return h;
}

// The command builders by the name an engine's traits.launcher gives (catalog.hpp launcher_names(), which
// the loader accepts): a catalog engine that launches like one of these (a fork, a new version under its own
// id) names that launcher instead of needing code here.
using Builder = DeployHints (*)(const Context&, const Settings&);
const std::pair<const char*, Builder> kBuilders[] = {
    {"vllm-serve", vllm},        {"sglang-launch-server", sglang}, {"trtllm-serve", trtllm},
    {"llama-server", llama_cpp}, {"ollama-serve", ollama},         {"transformers-serve", transformers},
};

}  // namespace

DeployHints deploy_hints(const Context& ctx, const Assessment& a) {
    const Settings s = settings_of(ctx, a);
    for (const auto& [launcher, build] : kBuilders)
        if (ctx.engine.traits.launcher == launcher) return build(ctx, s);
    // An engine added to the catalog without a launcher: say so rather than guess its flags.
    const std::string& e = ctx.engine.id;
    return {"# no launch template for engine '" + e + "'", "# no load-test template for engine '" + e + "'"};
}

}  // namespace infersizer
