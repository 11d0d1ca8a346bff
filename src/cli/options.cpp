#include "options.hpp"

#include <sstream>

namespace infersizer::cli {

const std::vector<Option>& estimate_options() {
    static const std::vector<Option> kOptions = {
        {"--scenario", nullptr, "FILE", "scenario JSON file (infersizer.scenario/1); - reads stdin", false},
        {"--model", "model", "ID", "catalog model id (see `infersizer catalog`)", false},
        {"--weights", "weights", "FORMAT", "weight format: bf16, fp8, awq-int4, Q4_K_M, ...", false},
        {"--kv-cache", "kv_cache", "FORMAT", "KV cache format: fp16, bf16, fp8, q8_0, q4_0", false},
        {"--engine", "engine", "ID", "vllm, sglang, tensorrt-llm, llama.cpp, ollama, transformers", false},
        {"--hardware", "hardware", "ID", "catalog hardware id", false},
        {"--count", "count", "N|auto", "number of cards; omitted or auto: the planner chooses", true},
        {"--context", "context_tokens", "N", "longest sequence (prompt + output) memory must hold, tokens", true},
        {"--prompt", "prompt_tokens", "N", "typical prompt, tokens", true},
        {"--output", "output_tokens", "N", "typical output, tokens", true},
        {"--concurrency", "concurrency", "N", "users in flight at the busiest minutes (peak, not average)", true},
        {"--ttft", "targets.ttft_s", "S", "time-to-first-token target, seconds", true},
        {"--tps", "targets.tps_per_user", "N", "tokens/s each user should see", true},
        {"--no-latency-target", "targets.no_latency_target", "BOOL",
         "true: no latency target (offline batch), sized for memory and the day's requests only; false: targets apply", false},
        {"--requests-per-day", "traffic.requests_per_day", "N", "requests per day: for cost; with no latency target, what must finish in a day", true},
        {"--lengths", "traffic.lengths", "fixed|varied", "request lengths: fixed (a load test) or varied (real traffic)", false},
        {"--headroom", "headroom", "F", "fraction of memory kept free, 0 to 0.5", true},
        {"--gpu-price", "pricing.gpu", "BASIS", "rental prices: on_demand (default), cheapest, or a provider (AWS, RunPod, ...)", false},
        {"--api", "pricing.api", "PROVIDER/MODEL", "API to compare: auto (default) or e.g. DeepSeek/deepseek-v4-pro", false},
        {"--model-file", nullptr, "FILE...", "the model from its own files: GGUF or safetensors shards (headers only), "
         "model.safetensors.index.json, config.json; exact weight bytes", false},
        {"--catalog", nullptr, "FILE", "your own catalog JSON merged over the bundled one (same ids replace)", false},
        {"--explain", nullptr, nullptr, "after the report, how each figure was computed: formula, inputs, sources", false},
        {"--format", nullptr, "KIND", "text (default: the readable report), markdown (a summary for a design document), "
         "csv (the cards table) or json (the result)", false},
        {"--json", nullptr, nullptr, "print exactly one result object (infersizer.result/1); the same as --format json", false},
        {"--lang", nullptr, "zh|en", "language of texts (default: from $LANG, else en)", false},
    };
    return kOptions;
}

const Option* find_option(const std::string& flag) {
    for (const Option& o : estimate_options())
        if (flag == o.flag) return &o;
    return nullptr;
}

std::string usage() {
    std::ostringstream out;
    out << "usage:\n"
           "  infersizer estimate --scenario FILE.json [--format text|markdown|csv|json] [--explain] [--lang zh|en]\n"
           "  infersizer estimate --model ID --weights FMT --hardware ID [--count N] --context N \\\n"
           "                      --prompt N --output N --concurrency N [--engine ID] [--json]\n"
           "  infersizer curves (the estimate's options) [--json]: speed, memory and cost against load,\n"
           "                      context and traffic, and the largest load, context and smallest format that meet\n"
           "  infersizer inspect FILE... [--json]: what GGUF / safetensors headers, an index.json or a config.json\n"
           "                      say: architecture, parameters, exact bytes per type (only headers are read)\n"
           "  infersizer catalog [--json] [--catalog FILE]\n"
           "  infersizer --version\n\n"
           "estimate options (flags override the scenario file):\n";
    for (const Option& o : estimate_options()) {
        std::string left = std::string("  ") + o.flag + (o.value ? std::string(" ") + o.value : "");
        if (left.size() < 28) left.resize(28, ' ');
        out << left << o.help << "\n";
    }
    return out.str();
}

}  // namespace infersizer::cli
