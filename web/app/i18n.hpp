// i18n.hpp — every string the page's own code shows, in Chinese and English: one table.
//
// Catalog strings (model and hardware names, format descriptions) and the core's sentences (verdict,
// decision rows, warnings) come with their own languages; this table covers the rest. Entries with %s/%d
// are printf formats (trf). scripts/subset_font.py reads this file's characters into the bundled font,
// and tests/ui checks every entry's glyphs against the built atlas.
#pragma once

#include <string>

namespace infersizer::app {

enum class Lang { zh, en };
const std::string& lang_id(Lang l);          // "zh" / "en"
Lang lang_from_id(const std::string& id);    // "en" → en; anything else → zh

// X(key, zh, en)
#define INFERSIZER_I18N_TABLE(X)                                                                        \
    /* header */                                                                                        \
    X(app_title, "推理算力估算器 InferSizer", "InferSizer — LLM inference sizing")                      \
    X(lang_zh, "中文", "中文")                                                                          \
    X(lang_en, "EN", "EN")                                                                              \
    X(copy_link, "复制链接", "Copy link")                                                               \
    X(copied, "已复制", "Copied")                                                                       \
    X(embed_this, "嵌入此页", "Embed this")                                                             \
    X(embed_this_hint, "复制嵌入代码（iframe），把当前方案放进你的文档页面",                          \
      "Copies an <iframe> snippet that embeds this scenario in your documentation page")               \
    X(open_full_page, "在完整页面中打开", "Open in full page")                                       \
    X(export_offline, "下载离线版（单个 HTML 文件）", "Download offline copy (one HTML file)")           \
    X(export_menu, "导出", "Export")                                                                    \
    X(export_copy_markdown, "复制 Markdown 报告", "Copy Markdown report")                               \
    X(export_markdown, "下载 Markdown 报告", "Download Markdown report")                                \
    X(export_csv, "下载卡型对比 CSV", "Download cards table (CSV)")                                     \
    X(export_json, "下载结果 JSON", "Download result (JSON)")                                           \
    X(export_png, "保存页面图片 PNG", "Save page as PNG")                                               \
    X(downloaded, "已下载", "Downloaded")                                                               \
    X(version_fmt, "版本 %s · 数据 %s", "version %s · data %s")                                         \
    X(catalog_counts_fmt, "目录：%d 个模型 · %d 种硬件 · %d 种格式 · %d 个引擎",                        \
      "Catalog: %d models · %d hardware · %d formats · %d engines")                                     \
    X(catalog_error_fmt, "目录加载失败：%s", "The catalog failed to load: %s")                          \
    X(url_error_fmt, "链接参数 %s 无效，已忽略：%s", "Link parameter %s is invalid and was ignored: %s") \
    X(dismiss, "关闭", "Dismiss")                                                                       \
    X(edit_refused_fmt, "未采用此修改：%s", "Change not applied: %s")                                   \
    X(estimate_failed_fmt, "无法估算：%s", "Cannot estimate: %s")                                       \
    /* theme and your own catalog (theme.hpp, user_catalog.hpp) */                                      \
    X(theme_light, "浅色", "Light")                                                                     \
    X(theme_dark, "深色", "Dark")                                                                       \
    X(theme_hint, "页面配色；默认跟随系统设置", "Page colours; by default they follow the system setting") \
    X(load_catalog, "加载目录", "Load catalog")                                                         \
    X(load_catalog_hint,                                                                                \
      "从 JSON 文件加载你自己的显卡、价格和模型，合并到内置目录之上（格式见 README 的“你自己的目录”）；"   \
      "也可以把文件拖到页面上。不会保存：刷新页面后恢复内置目录。",                                     \
      "Load your own cards, prices and models from a JSON file, merged over the bundled catalog (format: "   \
      "README, \"Your own catalog\"); or drop the file on the page. Nothing is stored: a reload goes back " \
      "to the bundled catalog.")                                                                          \
    X(catalog_from_api, "（来自 API）", "(from the API)")                                               \
    X(catalog_loaded_fmt, "已加载你的目录 %s：新增 %d 项，替换 %d 项。刷新页面后恢复内置目录。",          \
      "Loaded your catalog %s: %d added, %d replaced. A reload goes back to the bundled catalog.")         \
    X(catalog_added_fmt, "新增：%s", "Added: %s")                                                       \
    X(catalog_replaced_fmt, "替换：%s", "Replaced: %s")                                                 \
    X(catalog_refused_fmt, "未加载你的目录 %s（%d 个错误），仍在使用之前的目录：",                        \
      "Your catalog %s was not loaded (%d errors); the previous catalog is still in use:")                 \
    X(catalog_counts_user_fmt, "含你加载的 %d 个文件", "%d of your files merged in")                      \
    X(inputs, "输入", "Inputs")                                                                         \
    X(preset, "场景", "Scenario")                                                                       \
    X(preset_chat, "对话", "Chat")                                                                      \
    X(preset_rag, "RAG 检索", "RAG")                                                              \
    X(preset_long_doc, "长文档", "Long document")                                                       \
    X(preset_batch, "离线批处理", "Offline batch")                                                      \
    X(preset_hint, "设定上下文、并发、流量与目标（RAG 另加嵌入和重排模型），模型和硬件不变",              \
      "Sets context, concurrency, traffic and targets (RAG also adds an embedding and a reranker model), not model or hardware") \
    X(no_latency_target, "不设延迟目标（离线批处理）", "No latency target (offline batch)")             \
    X(no_latency_target_hint, "只按显存（或内存）和每天的请求量估算，首字延迟和每人速度不作要求",                \
      "Sized for memory and the day's requests only; time to first token and speed per user are not required") \
    X(no_target_word, "无目标", "no target")                                                            \
    X(one_token_word, "不适用（只输出 1 个 token）", "n/a (one output token)")                           \
    /* ① model and format */                                                                            \
    X(sec_model, "① 模型与量化", "① Model & format")                                                   \
    X(model, "模型", "Model")                                                                           \
    X(search, "搜索", "Search")                                                                         \
    X(params_fmt, "%s 参数", "%s params")                                                               \
    X(active_fmt, "激活 %s", "%s active")                                                               \
    X(max_context_fmt, "最长上下文 %s", "max context %s")                                               \
    X(custom, "自定义", "Custom")                                                                       \
    X(custom_model, "自定义架构", "Custom architecture")                                                \
    X(custom_params_b, "总参数 (B)", "Total params (B)")                                                \
    X(custom_active_b, "激活参数 (B，0 = 稠密)", "Active params (B, 0 = dense)")                        \
    X(custom_layers, "层数", "Layers")                                                                  \
    X(custom_hidden, "隐藏维度", "Hidden size")                                                         \
    X(custom_heads, "注意力头", "Attention heads")                                                      \
    X(custom_kv_heads, "KV 头", "KV heads")                                                             \
    X(custom_head_dim, "头维度", "Head dim")                                                            \
    X(custom_vocab, "词表大小", "Vocabulary")                                                           \
    X(custom_intermediate, "FFN 宽度", "FFN width")                                                     \
    X(custom_max_context, "最长上下文", "Max context")                                                  \
    X(use_custom, "使用此架构", "Use this architecture")                                                \
    X(paste_config, "粘贴 config.json", "Paste config.json")                                            \
    X(read_config, "读取", "Read")                                                                      \
    X(model_file_open, "打开模型文件…", "Open model file…")                                             \
    X(model_file_hint,                                                                                  \
      "GGUF 或 safetensors（可多选分片），或 model.safetensors.index.json、config.json；也可以拖到页面上。" \
      "只在浏览器里读取文件头，不上传。",                                                                \
      "GGUF or safetensors (several shards at once), or model.safetensors.index.json, config.json; or "     \
      "drop them on the page. Only the headers are read, in your browser; nothing is uploaded.")          \
    X(model_file_totals_fmt, "%s 个参数 · %s · 每权重 %s 位 · %d 个张量",                                 \
      "%s parameters · %s · %s bits per weight · %d tensors")                                             \
    X(model_file_type, "类型", "Type")                                                                  \
    X(model_file_tensors, "张量", "Tensors")                                                            \
    X(model_file_params, "参数", "Parameters")                                                          \
    X(model_file_notes_fmt, "文件头有 %d 条说明（切换到英文可查看）", "%d notes on the headers")          \
    X(model_file_use, "使用此模型", "Use this model")                                                   \
    X(model_file_in_use, "正在使用：权重为文件中的精确字节数", "In use: the weights are the files' exact bytes") \
    X(config_understood_fmt, "已识别：%s", "Understood: %s")                                            \
    X(config_error_fmt, "无法识别：%s", "Not understood: %s")                                           \
    X(config_bad_json_fmt, "不是有效的 JSON：%s", "Not valid JSON: %s")                                 \
    X(config_bad_json_at_fmt, "不是有效的 JSON：第 %d 行第 %d 列有误", "Not valid JSON: error at line %d, column %d") \
    X(config_shape_fmt, "%s，%d 层，隐藏维度 %d，注意力头 %d / KV 头 %d",                                \
      "%s, %d layers, hidden %d, heads %d / kv %d")                                                    \
    X(config_moe_fmt, "，%d 个专家（每 token 激活 %d 个）", ", %d experts (%d active)")                   \
    X(config_mla_fmt, "，MLA 潜在维度 %d", ", MLA kv_lora_rank %d")                                      \
    X(config_window_fmt, "，滑动窗口 %d", ", sliding window %d")                                        \
    X(weights, "权重格式", "Weights")                                                                   \
    X(kv_cache, "KV 缓存格式", "KV cache")                                                              \
    X(engine_default_fmt, "引擎默认 (%s)", "engine default (%s)")                                       \
    X(runs_on_fmt, "可用引擎：%s", "runs on: %s")                                                       \
    X(source_fmt, "来源：%s", "source: %s")                                                             \
    /* ② context and traffic */                                                                         \
    X(sec_traffic, "② 上下文与流量", "② Context & traffic")                                            \
    X(context_tokens, "上下文长度", "Context length")                                                   \
    X(context_hint, "内存要装下的最长序列（提示 + 输出）", "the longest sequence memory must hold (prompt + output)") \
    X(prompt_tokens, "提示长度", "Prompt")                                                              \
    X(output_tokens, "输出长度", "Output")                                                              \
    X(concurrency, "峰值并发", "Peak concurrency")                                                      \
    X(concurrency_hint, "最忙几分钟同时在等回复的用户数，不是平均值",                                   \
      "users waiting for a reply in the busiest minutes, not the average")                             \
    X(requests_per_day, "每日请求", "Requests per day")                                                 \
    X(target_ttft, "目标首字延迟 ≤", "Target time to first token ≤")                                   \
    X(target_tps, "目标每人速度 ≥", "Target speed per user ≥")                                         \
    X(range_refused_fmt, "超出范围：可接受 %s – %s，保留 %s", "Out of range: accepts %s – %s; kept %s") \
    X(not_number_fmt, "不是数字：可接受 %s – %s，保留 %s", "Not a number: accepts %s – %s; kept %s")   \
    X(range_fmt, "范围 %s – %s", "range %s – %s")                                                      \
    X(unit_tokens, "token", "tokens")                                                                   \
    X(unit_users, "人", "users")                                                                        \
    X(unit_per_day, "次/天", "/day")                                                                    \
    X(unit_s, "s", "s")                                                                                 \
    X(unit_ms, "ms", "ms")                                                                              \
    X(unit_tps, "tok/s", "tok/s")                                                                       \
    X(unit_gib, "GiB", "GiB")                                                                           \
    X(unit_kib, "KiB", "KiB")                                                                           \
    X(unit_gb, "GB", "GB")                                                                              \
    X(unit_bit, "bit", "bit")                                                                           \
    X(unit_bytes, "B", "B")                                                                             \
    X(unit_params_b, "B", "B")                                                                          \
    X(unit_gbs, "GB/s", "GB/s")                                                                         \
    X(hw_memory_unknown, "显存未知", "memory unknown")                                                  \
    X(hw_bandwidth_unknown, "带宽未知", "bandwidth unknown")                                            \
    X(hw_fp16_fmt, "FP16 %s TFLOPS", "FP16 %s TFLOPS")                                                  \
    X(hw_fp16_unknown, "FP16 算力未知", "FP16 unknown")                                                 \
    X(unit_percent, "%", "%")                                                                           \
    X(unit_cards, "张", "cards")                                                                        \
    X(num_1e4, "万", "k")                                                                               \
    X(num_1e8, "亿", "M")                                                                               \
    X(num_1e9, "十亿", "B")                                                                                 \
    /* ③ where it runs */                                                                               \
    X(sec_hardware, "③ 部署", "③ Where it runs")                                                       \
    X(hardware, "硬件", "Hardware")                                                                     \
    X(vendor, "厂商", "Vendor")                                                                         \
    X(market, "市场", "Market")                                                                         \
    X(min_memory, "最少内存 (GB)", "Min memory (GB)")                                                   \
    X(any, "全部", "Any")                                                                               \
    X(market_datacenter, "数据中心", "Datacenter")                                                      \
    X(market_workstation, "工作站", "Workstation")                                                      \
    X(market_consumer, "消费级", "Consumer")                                                            \
    X(market_cloud_only, "仅云端", "Cloud only")                                                        \
    X(market_china_export, "中国特供", "China export")                                                  \
    X(market_china_domestic, "国产", "China domestic")                                                  \
    X(market_apple_soc, "Apple 芯片", "Apple silicon")                                                  \
    X(market_cpu, "CPU 平台", "CPU platforms")                                                          \
    X(kind_gpu, "GPU", "GPU")                                                                           \
    X(kind_npu, "NPU", "NPU")                                                                           \
    X(kind_unified, "统一内存", "unified memory")                                                       \
    X(kind_cpu, "CPU", "CPU")                                                                           \
    X(custom_hardware, "自定义硬件", "Custom hardware")                                                 \
    X(custom_hw_kind, "类型", "Kind")                                                                   \
    X(custom_hw_name, "名称", "Name")                                                                   \
    X(custom_hw_memory, "内存", "Memory")                                                               \
    X(custom_hw_bandwidth, "内存带宽", "Memory bandwidth")                                              \
    X(custom_hw_fp16, "FP16 算力（稠密）", "FP16 compute (dense)")                                      \
    X(custom_hw_interconnect, "卡间互联带宽", "Interconnect bandwidth")                                 \
    X(custom_hw_price, "每卡每小时价格", "Price per card-hour")                                         \
    X(custom_hw_cores, "核数", "Cores")                                                                 \
    X(custom_hw_clock, "频率", "Clock")                                                                 \
    X(price_basis, "租用价依据", "Rental prices")                                                   \
    X(price_on_demand, "按需价（各家区间）", "on-demand (range across providers)")                     \
    X(price_cheapest, "最便宜的一行（含市场价）", "cheapest row (marketplace included)")                \
    X(api_compare, "对比的 API", "API to compare")                                                      \
    X(api_auto, "自动：同一模型，否则同档", "auto: same model, else size class")                                   \
    X(custom_hw_fp8, "FP8 算力（稠密）", "FP8 compute (dense)")                                        \
    X(custom_hw_int8, "INT8 算力（稠密）", "INT8 compute (dense)")                                      \
    X(unit_tops, "TOPS", "TOPS")                                                                        \
    X(custom_hw_fp32_per_cycle, "每核每周期 FP32 运算数（AVX2 32，AVX-512 64）", "FP32 FLOPs per clock per core (AVX2 32, AVX-512 64)") \
    X(custom_hw_bf16_per_cycle, "每核每周期 BF16 运算数（AMX）", "BF16 ops per clock per core (AMX)") \
    X(custom_hw_channels, "内存通道数（未填带宽时：通道 × MT/s × 8 字节）", "Memory channels (without a bandwidth: channels × MT/s × 8 bytes)") \
    X(custom_hw_mts, "内存速率", "Memory speed")                                                      \
    X(unit_mts, "MT/s", "MT/s")                                                                         \
    X(custom_hw_copy_fmt, "以 %s 为底稿：未改动的项沿用该卡的全部参数（各精度算力、架构、互联、租用价格）", "a copy of %s: what you leave unchanged keeps all of that card's figures (peaks per precision, architecture, interconnect, rental prices)") \
    X(custom_hw_hint, "填入你的硬件参数，超出范围的值不会被采用", "your hardware's figures; values out of range are not taken") \
    X(optional_hint, "可不填", "optional: leave empty")                                                 \
    X(not_given, "未填", "not given")                                                                   \
    X(custom_hw_error_fmt, "自定义硬件未采用：%s", "Custom hardware not applied: %s")                   \
    X(unit_tflops, "TFLOPS", "TFLOPS")                                                                  \
    X(unit_ghz, "GHz", "GHz")                                                                           \
    X(unit_usd_per_card_hour, "USD/卡·小时", "USD per card-hour")                                       \
    X(count, "数量", "Count")                                                                           \
    X(planner_choose, "让规划器选择数量", "Let the planner choose")                                     \
    X(planner_chose_fmt, "规划器选择 %d 张", "the planner chose %d")                                    \
    X(engine, "推理引擎", "Engine")                                                                     \
    X(colocated, "同机服务", "Colocated services")                                                      \
    X(colocated_hint, "与主模型共用这些卡的嵌入、重排、语音识别模型",                                  \
      "embedding, reranker or speech models sharing these cards")                                      \
    X(add, "添加", "Add")                                                                               \
    X(remove, "移除", "Remove")                                                                         \
    X(none, "无", "none")                                                                               \
    X(params_b_fmt, "%s B 参数", "%s B params")                                                         \
    /* ④ headroom and verification */                                                                  \
    X(sec_headroom, "④ 冗余与验证", "④ Headroom & verification")                                       \
    X(headroom, "内存冗余", "Memory headroom")                                                          \
    X(headroom_hint, "留作余量、不计入预算的内存比例", "share of memory kept free, outside the budget")  \
    X(launch_command, "启动命令", "Launch command")                                                     \
    X(load_test_command, "压测命令（验证估算）", "Load-test command (checks the estimate)")              \
    X(copy, "复制", "Copy")                                                                             \
    X(jump_headroom, "④ 启动与压测命令 ↓", "④ Launch & load-test commands ↓")                         \
    /* results: verdict */                                                                              \
    X(sec_verdict, "结论", "Verdict")                                                                   \
    X(verdict_yes, "可行", "Holds")                                                                     \
    X(verdict_conditional, "接近上限", "Near the limit")                                                \
    X(verdict_no, "不可行", "Does not hold")                                                            \
    X(decision_yes, "可以", "Yes")                                                                      \
    X(decision_conditional, "有条件", "Conditional")                                                    \
    X(decision_no, "不建议", "No")                                                                      \
    /* results: memory */                                                                               \
    X(sec_memory, "内存", "Memory")                                                                     \
    X(mem_weights, "权重", "Weights")                                                                   \
    X(mem_kv, "KV 缓存", "KV cache")                                                                    \
    X(mem_activations, "激活", "Activations")                                                           \
    X(mem_runtime, "运行时", "Runtime")                                                                 \
    X(mem_colocated, "同机服务", "Colocated")                                                           \
    X(mem_total, "合计", "Total")                                                                       \
    X(mem_capacity, "容量", "Capacity")                                                                 \
    X(mem_budget, "预算（扣除冗余）", "Budget (after headroom)")                                        \
    X(mem_low_high, "▏低 / 高估计", "▏low / high estimate")                                             \
    X(fits, "放得下", "Fits")                                                                           \
    X(not_fits, "放不下", "Does not fit")                                                               \
    X(fits_load, "负载放得下", "Holds the load")                                                        \
    X(fits_load_note, "负载（典型请求长度）放得下；若所有用户同时用满上下文则放不下，引擎会排队或抢占。",   \
      "Holds the load at the typical request length; every user at the full context at once would not fit, " \
      "and the engine would queue or preempt.")                                                          \
    X(replicas_total_fmt, "以上为单个副本；%d 个副本合计 %s", "Figures above are per replica; %d replicas hold %s in all") \
    X(capacity_unknown, "该平台的内存大小未知，无法判断是否放得下",                                     \
      "This platform's memory size is unknown, so the fit cannot be judged")                           \
    X(max_concurrency_fmt, "最多 %s 路并发（每路 %s token）", "Up to %s concurrent (at %s tokens each)") \
    X(max_concurrency_all_fmt, "最多 %s 路并发（%d 个副本合计，每路 %s token）",                              \
      "Up to %s concurrent across the %d replicas (at %s tokens each)")                                       \
    X(max_context_at_fmt, "%s 路并发时每路最长 %s token", "At %s concurrent, up to %s tokens each")     \
    X(kv_per_token, "每 token 的 KV", "KV per token")                                                   \
    X(engine_reserved, "引擎启动时占用", "Engine reserves at start")                                    \
    /* memory bar: marker legend and tooltips (memory_panel.cpp) */                                   \
    X(mem_marker_capacity, "容量线", "Capacity line")                                                   \
    X(mem_marker_budget, "预算线", "Budget line")                                                       \
    X(mem_marker_range, "低 / 高估计", "Low / high estimate")                                           \
    X(mem_marker_engine, "引擎预留", "Engine reservation")                                              \
    X(mem_tip_capacity_fmt, "容量 %s：这些卡可用的内存（已扣除卡自身的预留）",                          \
      "Capacity %s: the memory these cards can use (after the card's own reserve)")                     \
    X(mem_tip_budget_fmt, "预算 %s：容量扣除 %s%% 冗余后，估算要放进的内存",                            \
      "Budget %s: capacity less the %s%% headroom, which the estimate must fit into")                   \
    X(mem_tip_range_fmt, "估算合计 %s：彩色段为低估计，浅色带延伸到高估计",                              \
      "Estimated total %s: the coloured parts are the low end, the light band reaches the high end")     \
    X(mem_tip_engine_fmt, "引擎预留 %s：引擎启动时占下的内存，含权重、激活、运行时和 KV 缓存池（vLLM 一次占下 利用率 × 容量）", \
      "Engine reservation %s: what the engine takes at start: weights, activations, runtime and its KV-cache pool " \
      "(vLLM takes utilization × capacity at once)")                                                    \
    /* results: speed */                                                                                \
    X(sec_speed, "速度", "Speed")                                                                       \
    X(ttft, "首字延迟（中位）", "Time to first token (p50)")                                            \
    X(ttft_p90, "首字延迟（p90）", "Time to first token (p90)")                                          \
    X(burst_ttft, "同时到达时首字（压力）", "TTFT if all arrive at once (stress)")                       \
    X(not_judged_not_fit, "放不下，不评速度", "does not fit: speed not judged")                          \
    X(not_judged_cannot_run, "跑不了，不评速度", "cannot run: speed not judged")                         \
    X(tps_per_user, "每人速度", "Speed per user")                                                       \
    X(throughput, "总吞吐", "Total throughput")                                                         \
    X(prefill, "预填充", "Prefill")                                                                     \
    X(single_stream, "单用户独占时", "One user alone")                                                  \
    X(in_flight, "在处理的请求 / 占用 KV", "Requests in flight / KV in use")                            \
    X(bound_memory, "受限于内存带宽", "memory-bound")                                                   \
    X(bound_compute, "受限于算力", "compute-bound")                                                     \
    X(running_batch_fmt, "同时解码 %d 路 · %s", "%d sequences decoded together · %s")                       \
    X(meets_target, "达到目标", "meets target")                                                         \
    X(misses_target, "未达目标", "misses target")                                                       \
    /* results: cards */                                                                                \
    X(sec_cards, "卡型对比", "Cards compared")                                                          \
    X(fits_only, "只看放得下的", "Fits only")                                                  \
    X(plan_summary_fmt, "%d 种达标 / 共 %d 种", "%d meet the targets / %d in all")                      \
    X(col_accelerator, "加速卡", "Accelerator")                                                         \
    X(col_cards, "卡数", "Cards")                                                                       \
    X(col_tp, "并行", "Parallel")                                                                       \
    X(col_replicas, "副本", "Replicas")                                                                 \
    X(col_meets, "达标", "Meets")                                                               \
    X(col_cost, "月成本", "Cost / month")                                                               \
    X(col_note, "说明", "Note")                                                                         \
    X(yes, "是", "yes")                                                                                 \
    X(no, "否", "no")                                                                                   \
    X(no_price, "无价格", "no price")                                                                   \
    X(plan_click_hint, "点击一行即改用该硬件", "Click a row to use that hardware")                      \
    /* results: decision */                                                                             \
    X(sec_decision, "CPU / GPU / API", "CPU / GPU / API")                                              \
    X(col_option, "方案", "Option")                                                                     \
    X(col_scenario, "典型场景", "Scenario")                                                             \
    X(col_verdict, "结论", "Verdict")                                                                   \
    X(col_reason, "关键判断", "Key judgement")                                                          \
    X(col_fails_when, "何时失效", "Fails when")                                                         \
    X(fails_when_fmt, "何时失效：%s", "Fails when: %s")                                                 \
    X(option_cpu, "CPU", "CPU")                                                                         \
    X(option_gpu, "GPU", "GPU")                                                                         \
    X(option_api, "云端 API", "Cloud API")                                                              \
    X(option_personal, "个人验证", "Personal validation")                                               \
    X(option_offline_batch, "离线批处理", "Offline batch")                                              \
    X(option_online_service, "在线服务", "Online service")                                              \
    X(option_cloud_api, "云端 API", "Cloud API")                                                        \
    /* results: curves and the reverse questions (charts_panel.cpp) */                                  \
    X(sec_charts, "曲线：换一个输入会怎样", "Curves: what changes when one input moves")                \
    X(charts_reverse, "反过来问：这些卡最多能做到", "The reverse questions: how far these cards go")     \
    X(charts_group_latency, "延迟与吞吐 随 并发", "Latency and throughput against load")                \
    X(charts_group_memory, "内存", "Memory")                                                            \
    X(charts_group_cost, "成本", "Cost")                                                                \
    X(charts_group_decode, "解码速度 随 上下文", "Decode speed against context")                        \
    X(charts_hint, "阴影是区间（乐观端到保守端），线是中间值；悬停查看读数",                              \
      "Shading is the interval (fast end to slow end), the line its middle; hover to read values")      \
    X(charts_failed_fmt, "无法计算曲线：%s", "Cannot compute the curves: %s")                           \
    /* results: the seed's questions, answered by the core (faq_panel.cpp) */                            \
    X(sec_faq, "常见问题", "Common questions")                                                          \
    /* results: cost */                                                                                 \
    X(sec_cost, "成本", "Cost")                                                                         \
    X(self_hosted, "租卡", "Rented cards")                                                             \
    X(rent_config_fmt, "租 %s", "renting %s")                                                           \
    X(break_even_short, "盈亏平衡", "Break-even")                                                         \
    X(per_month, "/月", "/month")                                                                       \
    X(per_mtok, "每百万输出 token", "per 1M output tokens")                                             \
    X(break_even, "日请求量超过此值时租卡更便宜", "renting cards is cheaper above this traffic")        \
    X(no_gpu_price, "该硬件没有已知的租用价格", "No known rental price for this hardware")              \
    X(exchange_fmt, "按 1 USD = %s CNY 换算", "converted at 1 USD = %s CNY")                            \
    /* results: warnings and hover */                                                                   \
    X(sec_warnings, "注意", "Warnings")                                                                 \
    X(explain_formula, "公式", "Formula")                                                               \
    X(explain_input, "输入", "Input")                                                                   \
    X(explain_value, "数值", "Value")                                                                   \
    X(explain_source, "来源", "Source")                                                                 \
    X(explain_why_wide, "区间来由", "Why this wide")

enum class S : int {
#define INFERSIZER_I18N_ENUM(key, zh, en) key,
    INFERSIZER_I18N_TABLE(INFERSIZER_I18N_ENUM)
#undef INFERSIZER_I18N_ENUM
        count_
};

struct I18nEntry {
    const char* key;
    const char* zh;
    const char* en;
};

// The whole table, in enum order (the UI test walks it for glyph coverage).
const I18nEntry* i18n_table();
int i18n_table_size();

const char* tr(S id, Lang lang);
// printf over a table format: trf(S::params_fmt, lang, "8.03B").
std::string trf(S id, Lang lang, ...);

}  // namespace infersizer::app
