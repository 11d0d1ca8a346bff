// deploy.cpp — the launch command for the chosen engine with the estimate's settings, and a load test
// that measures what the estimate predicts (TTFT and per-user tokens/s at the scenario's concurrency).
//
// Flags as the engines document them: vLLM `vllm serve` / `vllm bench serve` (docs.vllm.ai, cli/serve and
// cli/bench/serve), SGLang `sglang.launch_server` / `sglang.bench_serving`, TensorRT-LLM `trtllm-serve`
// (nvidia.github.io/TensorRT-LLM commands/trtllm-serve), llama.cpp `llama-server` (the context is shared
// by the --parallel slots, ggml-org/llama.cpp#11681), Ollama's OLLAMA_* server variables (envconfig/config.go)
// and its OpenAI-compatible /v1 API (ollama/ollama, "OpenAI compatibility" doc).
//
// Runnable as written (issue #9): a node holds node_cards(hardware) cards (8, or what the catalog says for the
// card: GH200 4), so a plan over several nodes gives one command per node, with the node count stated.
// Replicas that fit a node run as independent servers, one per node, behind a load balancer. A replica wider
// than a node uses the engine's documented multi-node launch: vLLM on a Ray cluster (`ray start --head` /
// `ray start --address`, then `vllm serve` with --pipeline-parallel-size on the head; docs.vllm.ai
// serving/distributed_serving), SGLang's `--nnodes
// --node-rank --dist-init-addr` (docs.sglang.io references/multi_node_deployment), TensorRT-LLM's
// `mpirun … trtllm-llmapi-launch trtllm-serve` (TensorRT-LLM docs, trtllm-serve multi-node), llama.cpp's RPC
// backend (`rpc-server` on the other nodes, `--rpc` on the first; tools/rpc/README.md).
// The load test drives the server at the peak concurrency for every engine (vllm bench serve speaks the
// OpenAI API of llama-server and Ollama too), and prints the core's own TTFT and per-user tokens/s next to it.
#include "deploy.hpp"

#include "decision_text.hpp"
#include "format_text.hpp"
#include "judge.hpp"
#include "memory.hpp"
#include "offload.hpp"
#include "plan.hpp"
#include "speed.hpp"
#include "units.hpp"

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
    std::string remote_code; // " --trust-remote-code" where the model's repository code must run (ModelArch), else ""
    int tp = 1;
    int pp = 1;                    // pipeline stages of one replica (the planner's layout; 1 otherwise)
    int replicas = 1;
    int replica_cards = 1;         // tp × pp (a layer split: its cards)
    int nodes_per_replica = 1;     // nodes one replica spans
    int node_cards = kDefaultCardsPerNode;  // cards one node holds (catalog.hpp node_cards)
    int replicas_per_node = 1;     // replicas one node holds (replica_cards ≤ node_cards)
    int nodes = 1;                 // nodes in all
    Interval ttft_p90_s{0, 0};     // what the load test should see: the core's own intervals
    Interval tps_per_user{0, 0};
    int64_t context = 0;
    int64_t model_max_context = 0;  // max_position_embeddings; a context above it needs the engine's override
    int64_t seqs_per_replica = 1;  // sequences one server instance runs at once
    int64_t concurrency = 1;
    int64_t prompt = 0, output = 0;
    bool one_token = false;        // one_token_answer (scenario.hpp): the load test expects no per-user rate
    std::string utilization;       // fraction of memory the engine may take: 1 − headroom
    bool gguf = false;
    bool cpu = false;
    int n_cpu_moe = 0;             // MoE expert offload (offload.cpp): llama-server --n-cpu-moe N; 0 = none
    std::string vendor_devices;    // the variable that gives a server its cards: CUDA_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES
    bool machines = false;         // a replica is a whole machine (a CPU box, a Mac), not cards of a node
    // The setup does not fit and no remedy (offload, wiring cap, careful end) makes it run: the server would stop at
    // start, so the lines say so and no load-test figures are expected. The memory it needs against what it has.
    bool does_not_fit = false;
    bool spills_to_cpu = false;    // the engine loads it anyway, the layers that do not fit in system memory (Ollama)
    Text shortfall;                // why it does not fit (decision_text.hpp memory_need)
    std::optional<Text> cannot_run;  // the engine cannot serve the format here at all (judge.hpp cannot_run_on)
    // ... because it loads it only in a way the estimate does not model (judge.hpp CannotRun): the server may
    // start, so the lines say what is not estimated rather than that it fails.
    std::optional<NotEstimatedWords> not_estimated;
    bool zh = false;               // the language of the "#" comments; the command lines do not depend on it
};

// One comment's text in the language being written: each builder runs once per language (deploy_hints), so
// the command lines come out of the same code and only the comments differ.
std::string say(const Settings& s, const std::string& zh, const std::string& en) { return s.zh ? zh : en; }

// The line above the launch of a setup that does not fit: these lines are what it would run, not a server that starts.
std::string does_not_fit_note(const Settings& s) {
    if (s.not_estimated)
        return say(s, fmt::joined({"# 未估算：", s.not_estimated->warning.zh, "以下命令只会以这种方式加载它，这里的数字都不适用。\n"}),
                   fmt::joined({"# not estimated: ", s.not_estimated->warning.en,
                                " These lines load it only that way, and no figure here applies to them.\n"}));
    // fmt::joined rather than `+` chains, as elsewhere in the core (here, compiled without inlining, it saves only
    // a few bytes of the page's start-up files; in the inlined sources about 0.5 KB a sentence: docs/size.md).
    if (s.cannot_run)
        return say(s, fmt::joined({"# 跑不了：", s.cannot_run->zh, "；以下命令不会启动成功，先按结论换配置。\n"}),
                   fmt::joined({"# cannot run: ", s.cannot_run->en,
                                "; these lines would not start: change the setup first, as the verdict says.\n"}));
    if (!s.does_not_fit) return "";
    const std::string& need = s.zh ? s.shortfall.zh : s.shortfall.en;
    if (s.spills_to_cpu)
        return say(s, fmt::joined({"# 放不下：", need, "；Ollama 仍会启动，但把放不下的层放到系统内存里由 CPU 计算（ollama ps 显示 CPU/GPU 比例），速度远低于这里的任何数字，先按结论换配置。\n"}),
                   fmt::joined({"# does not fit: ", need,
                                "; Ollama still starts, with the layers that do not fit in system memory on the CPU "
                                "(ollama ps shows the CPU/GPU split), far slower than any figure here: change the setup "
                                "first, as the verdict says.\n"}));
    return say(s, fmt::joined({"# 放不下：", need, "；以下命令会在启动时因", s.machines ? "内存" : "显存", "不足而失败，先按结论换配置。\n"}),
               fmt::joined({"# does not fit: ", need,
                            "; these lines would fail at start (out of memory): change the setup first, as the verdict says.\n"}));
}

// The launch and load-test lines in one language; deploy_hints pairs the two languages into DeployHints.
struct Commands {
    std::string launch;
    std::string load_test;
};

Settings settings_of(const Context& ctx, const Assessment& a) {
    Settings s;
    const Scenario& sc = ctx.scenario;
    s.hf_id = ctx.model.hf_id.empty() ? ctx.model.id : ctx.model.hf_id;
    s.gguf_file = ctx.model.id + "-" + ctx.weights->id + ".gguf";
    if (ctx.model.trust_remote_code) s.remote_code = " --trust-remote-code";
    s.gguf = ctx.weights->scheme == WeightScheme::gguf;
    s.cpu = ctx.hardware->is_cpu();
    s.tp = std::max(1, a.performance.tp);
    s.pp = ctx.engine->tensor_parallel ? std::max(1, a.performance.pp) : 1;
    s.replica_cards = s.tp * s.pp;
    // The assessment's replicas: TP groups, or the planner's layer-split servers (estimate.cpp assess).
    s.replicas = std::max(1, a.memory.replicas);
    s.vendor_devices = ctx.hardware->vendor == "AMD" ? "HIP_VISIBLE_DEVICES" : "CUDA_VISIBLE_DEVICES";
    s.machines = s.cpu || ctx.hardware->kind == HardwareKind::unified;
    if (!s.cpu && ctx.hardware->kind != HardwareKind::unified) {
        s.node_cards = node_cards(ctx.hardware);
        s.nodes_per_replica = (s.replica_cards + s.node_cards - 1) / s.node_cards;
        s.replicas_per_node = s.nodes_per_replica > 1 ? 1 : std::max(1, s.node_cards / s.replica_cards);
        s.nodes = s.nodes_per_replica > 1 ? s.replicas * s.nodes_per_replica
                                          : (s.replicas + s.replicas_per_node - 1) / s.replicas_per_node;
    }
    s.ttft_p90_s = a.performance.ttft_p90_s;
    s.tps_per_user = a.performance.decode_tps_per_seq;
    s.context = sc.context_tokens;
    s.model_max_context = ctx.model.max_context;
    s.concurrency = std::max<int64_t>(1, sc.concurrency);
    // Each instance is sized for its share of the peak concurrency; the engine pages or queues the rest.
    s.seqs_per_replica = (s.concurrency + s.replicas - 1) / s.replicas;
    s.prompt = sc.prompt_tokens;
    s.output = sc.output_tokens;
    s.one_token = one_token_answer(sc);
    // The share the memory model reserves (vLLM, SGLang: engine_memory_share, which leaves the colocated models
    // their room on one card); TensorRT-LLM's fraction of the free memory, lowered when the scenario keeps more free.
    const std::optional<double> card_gib = usable_gib_per_card(ctx.hardware);
    const double share = ctx.engine->kv_pool == KvPoolRule::share_of_total && card_gib
                             ? engine_memory_share(ctx, *card_gib, a.memory.colocated_card_gib)
                             : std::min(ctx.engine->memory_utilization < 1.0 ? ctx.engine->memory_utilization : 1.0, 1.0 - sc.headroom);
    s.utilization = fmt::decimals(std::clamp(share, 0.05, 1.0), 2);
    if (a.offload && a.offload->applicable && !s.cpu) {
        // The launch keeps the first layers' experts in host RAM (--n-cpu-moe): the server starts, and the load
        // test should see the split's speeds, not those of the setup that does not load.
        s.n_cpu_moe = a.offload->n_cpu_moe_layers;
        const PerformanceResult split = offload_performance(*a.offload);
        s.ttft_p90_s = split.ttft_p90_s;
        s.tps_per_user = split.decode_tps_per_seq;
    }
    s.does_not_fit = !a.own_cards_run() && a.memory.capacity_known &&
                     s.n_cpu_moe == 0;
    s.spills_to_cpu = spills_layers_to_cpu(ctx);
    s.shortfall = memory_need(ctx, a.memory);
    s.cannot_run = a.cannot_run;
    if (s.cannot_run) {
        s.does_not_fit = true;
        s.not_estimated = cannot_run_reason(ctx, ctx.hardware).not_estimated;
    }
    return s;
}

// The load tools start every client at once, so the first round is the everyone-at-once burst
// (performance.burst_ttft_s), never the steady state the expected p90 TTFT describes. Twenty rounds make it 5 % of
// the requests, outside the p90 (at ten it was the top decile itself, and the p90 landed inside the burst).
constexpr int64_t kLoadTestRounds = 20;
int64_t num_prompts(const Settings& s) { return kLoadTestRounds * s.concurrency; }

// The scenario's lengths, every request at them: the expected figures below are for exactly these lengths.
// vLLM's client: its random dataset is fixed-length by default, and --ignore-eos keeps each answer to the requested
// length (without it an answer may end at an end-of-sequence token; the client sets it for random prompts only
// since vllm-project/vllm#28227, November 2025). SGLang's client draws each length uniformly from
// [length × --random-range-ratio, length] with a default ratio of 0 (python/sglang/bench_serving.py), so prompts and
// answers would average half the scenario's: a ratio of 1 fixes them; it ignores EOS unless told otherwise.
enum class BenchClient { vllm, sglang };

std::string bench_random(const Settings& s, BenchClient client = BenchClient::vllm) {
    return " --dataset-name random --random-input-len " + str(s.prompt) + " --random-output-len " + str(s.output) +
           (client == BenchClient::sglang ? " --random-range-ratio 1" : " --ignore-eos") + " --max-concurrency " +
           str(s.concurrency) + " --num-prompts " + str(num_prompts(s));
}

// What the load test should report if the estimate holds: the p90 TTFT and the per-user tokens/s at the peak
// concurrency (the core's intervals for this plan). A shell comment in the language being written.
std::string expected(const Settings& s) {
    if (s.not_estimated)
        return say(s, "\n# 无预期数字：该引擎只能以本估算不覆盖的方式加载这个格式。",
                   "\n# no expected figures: the engine loads this format only in a way this estimate does not cover.");
    if (s.cannot_run)
        return say(s, "\n# 无预期数字：引擎跑不了这个配置，服务起不来。", "\n# no expected figures: the engine cannot run this setup, so the server does not start.");
    if (s.does_not_fit)
        return s.spills_to_cpu
                   ? say(s, "\n# 无预期数字：模型放不下，Ollama 会把一部分放到 CPU 上，这个速度不在估算之内。",
                         "\n# no expected figures: the model does not fit, and the part Ollama runs on the CPU is outside this estimate.")
                   : say(s, "\n# 无预期数字：这套配置放不下模型，服务起不来。", "\n# no expected figures: the setup does not fit, so the server does not start.");
    // A one-token answer has no rate after its first token: the first token's time is the whole expectation.
    const bool rate = !s.one_token;
    if (s.zh)
        return "\n# 预期（" + str(s.concurrency) + " 个并发用户）：首字时间 p90 " + fmt::seconds(s.ttft_p90_s, "zh") +
               (rate ? "，每用户 " + fmt::interval(s.tps_per_user, "token/s", "zh") : std::string()) + "；明显更差即未达估算。";
    return "\n# expected at " + str(s.concurrency) + (s.concurrency == 1 ? " concurrent user" : " concurrent users") + ": TTFT p90 " + fmt::seconds(s.ttft_p90_s, "en") +
           (rate ? ", " + fmt::interval(s.tps_per_user, "tokens/s", "en") + " per user" : std::string()) +
           "; clearly worse means the estimate does not hold.";
}

// The part of the launch lines that says where each command runs: "" on one node.
std::string nodes_header(const Settings& s) {
    if (s.nodes <= 1) return "";
    if (s.zh && s.nodes_per_replica > 1)
        return "# " + std::to_string(s.nodes) + " 个节点，每节点 " + std::to_string(s.node_cards) + " 张卡：" +
               std::to_string(s.replicas) + " 个副本，每副本 " + std::to_string(s.replica_cards) + " 张卡，跨 " +
               std::to_string(s.nodes_per_replica) + " 个节点" + (s.replicas > 1 ? "，前置负载均衡" : "") + "\n";
    if (s.zh)
        return "# " + std::to_string(s.nodes) + " 个节点，每节点 " + std::to_string(s.node_cards) + " 张卡：" +
               std::to_string(s.replicas) + " 个副本，每副本 " + std::to_string(s.replica_cards) +
               " 张卡，每节点一个服务，共用一个负载均衡\n";
    if (s.nodes_per_replica > 1)
        return "# " + std::to_string(s.nodes) + " nodes of " + std::to_string(s.node_cards) + " cards: " +
               std::to_string(s.replicas) + (s.replicas > 1 ? " replicas" : " replica") + " of " +
               std::to_string(s.replica_cards) + (s.replicas > 1 ? " cards, each across " : " cards across ") +
               std::to_string(s.nodes_per_replica) + " nodes" + (s.replicas > 1 ? ", behind a load balancer" : "") + "\n";
    return "# " + std::to_string(s.nodes) + " nodes of " + std::to_string(s.node_cards) + " cards: " +
           std::to_string(s.replicas) + " replicas of " + std::to_string(s.replica_cards) +
           (s.replica_cards > 1 ? " cards" : " card") + ", one server per node, all behind one load balancer\n";
}

// Replicas on node n (1-based) when replicas fit a node: full nodes, then the rest on the last one.
int replicas_on_node(const Settings& s, int n) {
    return n < s.nodes ? s.replicas_per_node : s.replicas - (s.nodes - 1) * s.replicas_per_node;
}

// One line per group of nodes that run the same command: "# nodes 1–3:" and "# node 4:".
template <class Line>
std::string per_node(const Settings& s, Line line) {
    std::string out;
    int first = 1;
    for (int n = 1; n <= s.nodes; ++n) {
        const bool last_of_group = n == s.nodes || replicas_on_node(s, n + 1) != replicas_on_node(s, n);
        if (!last_of_group) continue;
        out += first == n ? say(s, "# 节点 " + std::to_string(n) + "：\n", "# node " + std::to_string(n) + ":\n")
                          : say(s, "# 节点 " + std::to_string(first) + "–" + std::to_string(n) + "：\n",
                                "# nodes " + std::to_string(first) + "–" + std::to_string(n) + ":\n");
        out += line(replicas_on_node(s, n)) + "\n";
        first = n + 1;
    }
    if (!out.empty()) out.pop_back();
    return out;
}

// vLLM quantizes on the fly only for fp8 and bitsandbytes; AWQ/GPTQ/NVFP4/MXFP4 checkpoints carry their
// quantization_config and are detected (forcing --quantization awq would even pick the slower kernel).
// A model published in the format served (DeepSeek-R1 in fp8, gpt-oss in mxfp4) is loaded as it is.
std::string vllm_quant_flags(const Context& ctx) {
    const std::string& w = ctx.weights->id;
    if (w == ctx.model.published_weights) return "";
    if (w == "fp8") return " --quantization fp8";
    if (w == "nf4") return " --quantization bitsandbytes";
    if (w == "bf16") return " --dtype bfloat16";
    if (w == "fp16") return " --dtype float16";
    if (w == "fp32") return " --dtype float32";
    return "";
}

// `quantizes_fp8`: the launch line passes `--quantization fp8` (vLLM, SGLang), which quantizes a 16-bit checkpoint at
// load; TensorRT-LLM reads FP8 only from an FP8 checkpoint's quantization_config. A model published in the served
// format needs no flag (its repository is that checkpoint); one published in fewer bits than a 16-bit serving needs a
// converted copy, since the engines load its quantization_config whatever --dtype says (DeepSeek's own README ships
// inference/fp8_cast_bf16.py for this).
std::string prequantized_note(const Context& ctx, const Settings& s, bool quantizes_fp8 = true) {
    const std::string& published = ctx.model.published_weights;
    if (!published.empty() && ctx.weights->bits_per_weight >= 16)
        return say(s, "  # " + s.hf_id + " 发布的是 " + published + " 权重：先转成 " + ctx.weights->id + " 再用转换后的目录启动",
                   "  # " + s.hf_id + " publishes " + published + " weights: convert them to " + ctx.weights->id +
                       " first and serve the converted directory");
    if (published == ctx.weights->id) quantizes_fp8 = false;
    if (ctx.weights->scheme == WeightScheme::group || ctx.weights->id == "nvfp4" || ctx.weights->id == "mxfp4" ||
        ctx.weights->id == "int8" || (ctx.weights->id == "fp8" && !quantizes_fp8))
        return say(s, "  # 加载 " + s.hf_id + " 的 " + ctx.weights->id + " 检查点（读取其 quantization_config）",
                   "  # load the " + ctx.weights->id + " checkpoint of " + s.hf_id + " (its quantization_config is read)");
    if (ctx.weights->id == "fp8") {
        // `--quantization fp8` quantizes a 16-bit checkpoint as it loads, and loads it at its own precision first
        // (docs.vllm.ai, FP8 W8A8: "we load the model at original precision before quantizing down to 8-bits"):
        // where one card's share of the 16-bit weights is more than the card holds, only an FP8 checkpoint starts.
        const double share_gib = 2.0 * ctx.param_counts().total / double(std::max(1, s.replica_cards)) / units::kGiB;
        const auto usable = usable_gib_per_card(ctx.hardware);
        if (usable && share_gib > *usable)
            return say(s, "  # 16 位权重每卡 " + fmt::number(share_gib, "zh") + " GiB，超过单卡 " + fmt::number(*usable, "zh") +
                              " GiB，--quantization fp8 会先按 16 位加载而放不下：改用 " + s.hf_id + " 的 FP8 检查点并去掉该参数",
                       "  # its 16-bit weights are " + fmt::number(share_gib, "en") + " GiB a card, over the card's " +
                           fmt::number(*usable, "en") + " GiB, and --quantization fp8 loads them first: serve an FP8 "
                           "checkpoint of " + s.hf_id + " instead, without the flag");
    }
    return "";
}

// vLLM's benchmark client drives any OpenAI-compatible server; it needs vLLM installed where it runs.
std::string needs_vllm(const Settings& s) {
    return say(s, "  # 运行处需装有 vLLM 的客户端（pip install vllm）",
               "  # needs vLLM's client where it runs (pip install vllm)");
}

// A server behind a load balancer listens on every interface, since the balancer may run on another machine:
// llama-server (--host, default 127.0.0.1: llama.cpp tools/server/README.md), Ollama (OLLAMA_HOST, default
// 127.0.0.1:11434: Ollama's FAQ), SGLang (--host, default 127.0.0.1: sglang docs/backend/server_arguments.md) and
// trtllm-serve (--host, default localhost: TensorRT-LLM's trtllm-serve reference) bind the loopback unless told;
// vLLM listens on every interface by default.
const std::string kEveryInterface = "0.0.0.0";

// Where the load test sends its requests: the load balancer when several servers share the load.
std::string bench_base_url(const Settings& s, int default_port) {
    if (s.nodes > 1 && s.replicas > 1) return " --base-url http://<load-balancer>:" + std::to_string(default_port);
    return " --base-url http://localhost:" + std::to_string(default_port);
}

// A context above the model's max_position_embeddings: vLLM and SGLang refuse to start with it unless an environment
// variable allows it (vLLM: VLLM_ALLOW_LONG_MAX_MODEL_LEN=1; SGLang: SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1, both
// named in the engines' own refusal). The launch sets it and says why above the command; quality beyond the trained
// length is the warning's matter.
bool beyond_model_max(const Settings& s) { return s.model_max_context > 0 && s.context > s.model_max_context; }

std::string long_context_note(const Settings& s, const std::string& variable) {
    if (!beyond_model_max(s)) return "";
    // Exact token counts, as the flag and max_position_embeddings spell them (262144, not "262k").
    const std::string ctx = std::to_string(s.context), max = std::to_string(s.model_max_context);
    return say(s, "# 上下文 " + ctx + " 超过模型的 " + max + "（max_position_embeddings）：不设 " + variable + "=1 引擎会拒绝启动；超出部分质量无保证。\n",
               "# context " + ctx + " is above the model's " + max + " (max_position_embeddings): the engine refuses to start "
               "without " + variable + "=1; quality beyond it is not assured.\n");
}

std::string long_context_env(const Settings& s, const std::string& variable) {
    return beyond_model_max(s) ? variable + "=1 " : "";
}

Commands vllm(const Context& ctx, const Settings& s) {
    Commands h;
    const std::string model = s.gguf ? "./" + s.gguf_file + " --tokenizer " + s.hf_id : s.hf_id;
    const std::string allow = "VLLM_ALLOW_LONG_MAX_MODEL_LEN";
    auto serve = [&](int dp) {
        std::string c = long_context_env(s, allow) + "vllm serve " + model + s.remote_code + " --tensor-parallel-size " +
                        std::to_string(s.tp);
        if (s.pp > 1) c += " --pipeline-parallel-size " + std::to_string(s.pp);
        if (dp > 1) c += " --data-parallel-size " + std::to_string(dp);
        c += " --max-model-len " + str(s.context) + " --gpu-memory-utilization " + s.utilization +
             " --max-num-seqs " + str(s.seqs_per_replica) + vllm_quant_flags(ctx);
        if (ctx.kv.id == "fp8") c += " --kv-cache-dtype fp8";
        return c;
    };
    if (s.nodes <= 1) {
        h.launch = serve(s.replicas) + prequantized_note(ctx, s);
    } else if (s.nodes_per_replica > 1) {
        // One Ray cluster per replica; vllm serve on its head node places the stages on the other nodes.
        h.launch = nodes_header(s) +
                 say(s, std::string("# ") + (s.replicas > 1 ? "每个副本" : "该副本") + "的第一个节点（Ray 头节点）：",
                     std::string("# first node of ") + (s.replicas > 1 ? "each replica" : "the replica") + " (Ray head):") +
                 "\nray start --head --port 6379\n" +
                 say(s, "# 其余 " + std::to_string(s.nodes_per_replica - 1) + " 个节点：",
                     s.nodes_per_replica > 2 ? "# its other " + std::to_string(s.nodes_per_replica - 1) + " nodes:"
                                             : std::string("# its other node:")) +
                 "\nray start --address <head-node-ip>:6379\n" + say(s, "# 然后在头节点上：", "# then on the head node:") +
                 "\n" + serve(1) + prequantized_note(ctx, s);
    } else {
        h.launch = nodes_header(s) + per_node(s, serve) + prequantized_note(ctx, s);
    }
    h.launch = long_context_note(s, allow) + h.launch;
    h.load_test = "vllm bench serve" + bench_base_url(s, 8000) + " --model " + model + s.remote_code + bench_random(s) +
                  expected(s);
    return h;
}

Commands sglang(const Context& ctx, const Settings& s) {
    Commands h;
    const std::string allow = "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN";
    auto serve = [&](int dp) {
        std::string c = long_context_env(s, allow) + "python -m sglang.launch_server --model-path " + s.hf_id +
                        s.remote_code + " --tp " + std::to_string(s.tp);
        if (s.pp > 1) c += " --pp-size " + std::to_string(s.pp);
        if (dp > 1) c += " --dp " + std::to_string(dp);
        c += " --context-length " + str(s.context) + " --mem-fraction-static " + s.utilization +
             " --max-running-requests " + str(s.seqs_per_replica);
        if (s.nodes > 1 && s.replicas > 1) c += " --host " + kEveryInterface;  // a server per node, balanced
        if (ctx.weights->id == "fp8" && ctx.model.published_weights != "fp8") c += " --quantization fp8";
        if (ctx.kv.id == "fp8") c += " --kv-cache-dtype fp8_e5m2";
        return c;
    };
    if (s.nodes <= 1) {
        h.launch = serve(s.replicas) + prequantized_note(ctx, s);
    } else if (s.nodes_per_replica > 1) {
        h.launch = nodes_header(s) +
                 say(s, std::string("# 在") + (s.replicas > 1 ? "一个副本" : "该副本") +
                            "的每个节点上运行，NODE_RANK 在第一个节点为 0 … 在最后一个节点为 " +
                            std::to_string(s.nodes_per_replica - 1) + "：",
                     std::string("# on each node of ") + (s.replicas > 1 ? "a replica" : "the replica") +
                         ", NODE_RANK=0 on its first node … " + std::to_string(s.nodes_per_replica - 1) + " on its last:") +
                 "\n" + serve(1) + " --nnodes " + std::to_string(s.nodes_per_replica) +
                 " --node-rank $NODE_RANK --dist-init-addr <first-node-ip>:5000" + prequantized_note(ctx, s);
    } else {
        h.launch = nodes_header(s) + per_node(s, serve) + prequantized_note(ctx, s);
    }
    h.launch = long_context_note(s, allow) + h.launch;
    // No --trust-remote-code here: sglang.bench_serving has no such argument and loads every tokenizer with
    // trust_remote_code=True itself (python/sglang/bench_serving.py, get_tokenizer).
    h.load_test = "python -m sglang.bench_serving --backend sglang" +
                  (s.nodes > 1 && s.replicas > 1 ? std::string(" --base-url http://<load-balancer>:30000") : "") +
                  bench_random(s, BenchClient::sglang) + expected(s);
    return h;
}

Commands trtllm(const Context& ctx, const Settings& s) {
    Commands h;
    auto serve = [&](const std::string& port) {
        std::string c = "trtllm-serve " + s.hf_id + " --backend pytorch --tp_size " + std::to_string(s.tp);
        if (s.pp > 1) c += " --pp_size " + std::to_string(s.pp);
        c += " --max_seq_len " + str(s.context) + " --max_batch_size " + str(s.seqs_per_replica) +
             " --kv_cache_free_gpu_memory_fraction " + s.utilization;
        if (s.nodes > 1 || s.replicas > 1) c += " --host " + kEveryInterface;  // behind the load balancer
        c += port;
        c += prequantized_note(ctx, s, false);
        if (ctx.kv.id == "fp8")
            c += say(s, "  # FP8 KV：在 --extra_llm_api_options 中写 kv_cache_config: {dtype: fp8}",
                     "  # FP8 KV: kv_cache_config: {dtype: fp8} in --extra_llm_api_options");
        // The model's own code (a tokenizer): one line in either language, the option as the file spells it.
        if (!s.remote_code.empty()) c += "  # --extra_llm_api_options: trust_remote_code: true";
        return c;
    };
    // trtllm-serve runs one model instance: several on a node each get their own cards and port.
    auto instances = [&](int k) {
        if (k <= 1) return serve("");
        std::string out;
        for (int i = 0; i < k; ++i) {
            std::string cards;
            for (int c = 0; c < s.replica_cards; ++c) cards += (c ? "," : "") + std::to_string(i * s.replica_cards + c);
            out += (i ? "\n" : "") + std::string("CUDA_VISIBLE_DEVICES=") + cards + " " +
                   serve(" --port " + std::to_string(8000 + i));
        }
        return out;
    };
    if (s.nodes_per_replica > 1) {
        std::string hosts;
        for (int n = 1; n <= s.nodes_per_replica; ++n)
            hosts += (n > 1 ? "," : "") + std::string("<node-") + std::to_string(n) + ">:" + std::to_string(s.node_cards);
        h.launch = nodes_header(s) +
                 say(s, std::string("# 在") + (s.replicas > 1 ? "每个副本" : "该副本") + "的第一个节点上：",
                     std::string("# from the first node of ") + (s.replicas > 1 ? "each replica" : "the replica") + ":") +
                 "\nmpirun -np " + std::to_string(s.replica_cards) + " -H " + hosts +
                 " trtllm-llmapi-launch " + serve("");
    } else if (s.nodes <= 1) {
        h.launch = instances(s.replicas);
        if (s.replicas > 1)
            h.launch += say(s, "\n# " + std::to_string(s.replicas) + " 个实例，前置负载均衡",
                            "\n# " + std::to_string(s.replicas) + " instances behind a load balancer");
    } else {
        h.launch = nodes_header(s) + per_node(s, instances);
    }
    h.load_test = "vllm bench serve --backend openai" +
                  (s.nodes > 1 || s.replicas > 1 ? std::string(" --base-url http://<load-balancer>:8000")
                                                 : std::string(" --base-url http://localhost:8000")) +
                  " --model " + s.hf_id + s.remote_code + bench_random(s) + needs_vllm(s) + expected(s);
    return h;
}

// llama.cpp's quantized KV types (-ctk/-ctv); a quantized V cache needs flash attention.
std::string llama_kv_flags(const Context& ctx) {
    const std::string& kv = ctx.kv.id;
    if (kv == "q8_0" || kv == "q4_0" || kv == "q5_0" || kv == "q5_1" || kv == "q4_1" || kv == "iq4_nl")
        return " -ctk " + kv + " -ctv " + kv + " -fa on";
    return "";
}

// The peak concurrency against an OpenAI-compatible server (llama-server, Ollama, transformers serve): vLLM's
// benchmark client with the scenario's lengths, never a single-stream llama-bench run.
std::string openai_load(const Settings& s, const std::string& backend, const std::string& base_url,
                        const std::string& endpoint, const std::string& model) {
    return "vllm bench serve --backend " + backend + " --base-url " + base_url + " --endpoint " + endpoint +
           " --model " + model + " --tokenizer " + s.hf_id + s.remote_code + bench_random(s) + needs_vllm(s) + expected(s);
}

// Several layer-split servers (llama.cpp, Ollama) as the planner lays them out: on a GPU node, one per group of
// `tp` cards, each given its cards and its own port, `k` of them per node, behind a load balancer; on CPU boxes or
// Macs, one per machine at the engine's default port. `server(port)` is the command for one server ("" = default);
// the ports count up from `base_port`.
template <class Server>
std::string layer_split_servers(const Settings& s, int base_port, Server server) {
    if (s.machines)
        return say(s, "# " + std::to_string(s.replicas) + " 台机器各运行一个服务，前置负载均衡；每台：\n",
                   "# " + std::to_string(s.replicas) + " machines, one server each, behind a load balancer; on each:\n") +
               server(std::string());
    const std::string t = std::to_string(s.tp);
    const std::string devices =
        s.tp > 1 ? s.vendor_devices + "=$(seq -s, $((i*" + t + ")) $((i*" + t + "+" + std::to_string(s.tp - 1) + ")))"
                 : s.vendor_devices + "=$i";
    auto line = [&](int k) {
        return "for i in $(seq 0 " + std::to_string(k - 1) + "); do " + devices + " " + server("$((" + std::to_string(base_port) + " + i))") + " & done";
    };
    const std::string head =
        say(s, "# " + std::to_string(s.replicas) + " 个服务，每个 " + t + " 张卡、各用一个端口，前置负载均衡\n",
            "# " + std::to_string(s.replicas) + " servers of " + t + (s.tp > 1 ? " cards" : " card") +
                " each, one port each, behind a load balancer\n");
    if (s.nodes <= 1) return head + line(s.replicas);
    return head + per_node(s, line);
}

Commands llama_cpp(const Context& ctx, const Settings& s) {
    Commands h;
    const std::string ngl = s.cpu ? " -ngl 0" : " -ngl 99";
    const int64_t slots = s.seqs_per_replica;
    std::string server = "llama-server -m " + s.gguf_file + " -c " + str(s.context * slots) + ngl + " --parallel " +
                         str(slots) + llama_kv_flags(ctx);
    if (!s.cpu && s.tp > 1) server += " --split-mode layer";
    // Keeps the expert tensors of the first N layers in host RAM (ggml-org/llama.cpp#15077).
    if (!s.cpu && s.n_cpu_moe > 0) server += " --n-cpu-moe " + std::to_string(s.n_cpu_moe);
    if (s.nodes_per_replica > 1) {
        // A layer split wider than a node: the other nodes lend their cards through llama.cpp's RPC backend.
        std::string peers;
        for (int n = 2; n <= s.nodes_per_replica; ++n) peers += (n > 2 ? "," : "") + std::string("<node-") + std::to_string(n) + ">:50052";
        server = nodes_header(s) +
                 say(s, "# 节点 2–" + std::to_string(s.nodes_per_replica) + "（llama.cpp 以 -DGGML_RPC=ON 编译）：",
                     "# nodes 2–" + std::to_string(s.nodes_per_replica) + " (llama.cpp built with -DGGML_RPC=ON):") +
                 "\nrpc-server -H 0.0.0.0 -p 50052\n" + say(s, "# 节点 1：", "# node 1:") + "\n" + server +
                 " --rpc " + peers;
    }
    if (ctx.hardware->kind == HardwareKind::unified && s.replica_cards > 1) {
        // Several Macs hold one copy of the model: each is a machine of its own, and llama.cpp's RPC backend lends the
        // others' memory to the first (a layer range each), as across nodes above.
        std::string peers;
        for (int n = 2; n <= s.replica_cards; ++n) peers += (n > 2 ? "," : "") + std::string("<machine-") + std::to_string(n) + ">:50052";
        const std::string others = s.replica_cards > 2 ? "2–" + std::to_string(s.replica_cards) : "2";
        server = say(s, "# 机器 " + others + "（llama.cpp 以 -DGGML_RPC=ON 编译）：",
                     "# machine" + std::string(s.replica_cards > 2 ? "s " : " ") + others + " (llama.cpp built with -DGGML_RPC=ON):") +
                 "\nrpc-server -H 0.0.0.0 -p 50052\n" + say(s, "# 机器 1：", "# machine 1:") + "\n" + server + " --rpc " + peers;
    }
    const bool servers = s.replicas > 1 && s.nodes_per_replica <= 1;
    if (servers)
        server = layer_split_servers(s, 8080, [&](const std::string& port) {
            return server + " --host " + kEveryInterface + (port.empty() ? std::string() : " --port " + port);
        });
    if (!s.gguf) server += say(s, "  # 先把 " + s.hf_id + " 转成 GGUF（convert_hf_to_gguf.py）",
                                "  # convert " + s.hf_id + " to GGUF first (convert_hf_to_gguf.py)");
    h.launch = server;
    h.load_test = openai_load(s, "openai", servers ? "http://<load-balancer>:8080" : "http://localhost:8080",
                              "/v1/completions", s.gguf_file);
    return h;
}

Commands ollama(const Context& ctx, const Settings& s) {
    Commands h;
    std::string env = "OLLAMA_NUM_PARALLEL=" + str(s.seqs_per_replica) + " OLLAMA_CONTEXT_LENGTH=" + str(s.context);
    if (ctx.kv.id == "q8_0" || ctx.kv.id == "q4_0")
        env += " OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=" + ctx.kv.id;
    // Ollama names GGUF repositories as hf.co/<user>/<repo>:<quant>; the repository is the user's choice.
    const std::string tag = "hf.co/<GGUF repo of " + s.hf_id + ">:" + ctx.weights->id;
    const bool servers = s.replicas > 1;
    if (servers) {
        // Ollama listens where OLLAMA_HOST says; each server pulls the model on first use.
        // The servers of one machine share its model store: one pull through the first of them.
        h.launch = layer_split_servers(s, 11434, [&](const std::string& port) {
                       return "OLLAMA_HOST=" + kEveryInterface + (port.empty() ? std::string() : ":" + port) + " " + env +
                              " ollama serve";
                   }) + "\nollama pull " + tag;
    } else {
        h.launch = env + " ollama serve\nollama run " + tag;
    }
    // Ollama has no expert offload (ollama/ollama#11772); when the model needs it, name llama.cpp's command.
    if (s.n_cpu_moe > 0)
        h.launch += say(s, "\n# 卡上放不下：Ollama 不能只把专家放在内存里；改用 llama.cpp：\n",
                        "\n# does not fit the cards: Ollama cannot keep only the experts in RAM; with llama.cpp:\n") +
                    "llama-server -m " + s.gguf_file + " -c " + str(s.context * s.seqs_per_replica) +
                            " -ngl 99 --parallel " + str(s.seqs_per_replica) + " --n-cpu-moe " + std::to_string(s.n_cpu_moe);
    // The expected figures are then the split's, which llama-server runs: the load test goes to it.
    h.load_test = s.n_cpu_moe > 0
                      ? openai_load(s, "openai", servers ? "http://<load-balancer>:8080" : "http://localhost:8080",
                                    "/v1/completions", s.gguf_file)
                      : openai_load(s, "openai-chat", servers ? "http://<load-balancer>:11434" : "http://localhost:11434",
                                    "/v1/chat/completions", tag);
    return h;
}

Commands transformers(const Context&, const Settings& s) {
    Commands h;
    h.launch = "transformers serve" + say(s, "  # 然后请求模型 " + s.hf_id, "  # then request model " + s.hf_id);
    h.load_test = openai_load(s, "openai-chat", "http://localhost:8000", "/v1/chat/completions", s.hf_id);
    return h;
}

// The command builders by the name an engine's traits.launcher gives (catalog.hpp launcher_names(), which
// the loader accepts): a catalog engine that launches like one of these (a fork, a new version under its own
// id) names that launcher instead of needing code here.
using Builder = Commands (*)(const Context&, const Settings&);
const std::pair<const char*, Builder> kBuilders[] = {
    {"vllm-serve", vllm},        {"sglang-launch-server", sglang}, {"trtllm-serve", trtllm},
    {"llama-server", llama_cpp}, {"ollama-serve", ollama},         {"transformers-serve", transformers},
};

}  // namespace

DeployHints deploy_hints(const Context& ctx, const Assessment& a) {
    Settings en = settings_of(ctx, a);
    Settings zh = en;
    zh.zh = true;
    for (const auto& [launcher, build] : kBuilders)
        if (ctx.engine->traits.launcher == launcher) {
            const Commands z = build(ctx, zh), e = build(ctx, en);
            return {{does_not_fit_note(zh) + z.launch, does_not_fit_note(en) + e.launch}, {z.load_test, e.load_test}};
        }
    // An engine added to the catalog without a launcher: say so rather than guess its flags.
    const std::string& id = ctx.engine->id;
    return {{"# 引擎 '" + id + "' 没有启动命令模板", "# no launch template for engine '" + id + "'"},
            {"# 引擎 '" + id + "' 没有压测命令模板", "# no load-test template for engine '" + id + "'"}};
}

}  // namespace infersizer
