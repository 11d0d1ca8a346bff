// error_text.cpp — the Chinese for the core's error messages (error_text.hpp), and Error's message_in().
//
// One function per part of the English grammar: the whole message (message_zh), what is accepted (what_zh), the
// value that was got (value_zh), a list of ids (list_zh). Each returns nullopt when it meets words it does not
// know, so the caller falls back to the English instead of printing half a translation.
#include "error_text.hpp"

#include "error.hpp"
#include "value_text.hpp"

#include <cctype>
#include <optional>
#include <string_view>
#include <utility>

namespace infersizer {
namespace {

using Zh = std::optional<std::string>;

bool take_prefix(std::string_view& s, std::string_view prefix) {
    if (s.substr(0, prefix.size()) != prefix) return false;
    s.remove_prefix(prefix.size());
    return true;
}

bool take_suffix(std::string_view& s, std::string_view suffix) {
    if (s.size() < suffix.size() || s.substr(s.size() - suffix.size()) != suffix) return false;
    s.remove_suffix(suffix.size());
    return true;
}

std::string replaced(std::string s, std::string_view from, std::string_view to) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// A list of ids or keys: "a, b, c" -> "a、b、c"; the catalog's long lists end ", … (N in all; see `infersizer
// catalog`)" -> "…（共 N 个，见 `infersizer catalog`）".
std::string list_zh(std::string_view list) {
    std::string s(list);
    const std::string_view more_lead = ", … (";
    const size_t more = s.find(more_lead);
    std::string tail;
    if (more != std::string::npos) {
        std::string_view rest = std::string_view(s).substr(more + more_lead.size());
        const size_t in_all = rest.find(" in all; see `infersizer catalog`)");
        if (in_all != std::string::npos) {
            tail = "…（共 " + std::string(rest.substr(0, in_all)) + " 个，见 `infersizer catalog`）";
            s.resize(more);
        }
    }
    // Only the commas between items: a provider's name may hold its own ("Alibaba (Qwen, Bailian CN)").
    std::string out;
    int depth = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth == 0 && s.compare(i, 2, ", ") == 0) {
            out += "、";
            i += s.compare(i, 5, ", or ") == 0 ? 4 : 1;
            continue;
        }
        out += s[i];
    }
    return out + (tail.empty() ? "" : "、" + tail);
}

// A string in quotes longer than this is cut: a pasted document must not fill the message.
constexpr size_t kShownStringChars = 40;

// The value after "got": a quoted string (cut), a number or true/false/null as typed, an object or an array by
// its kind, never its JSON text.
std::string value_zh(std::string_view v) {
    if (v == "an object") return "对象";
    if (v == "an array") return "数组";
    if (v == "an empty array" || v == "[]") return "空数组";
    if (v.size() > kShownStringChars && v.front() == '"') {
        std::string cut(v.substr(0, kShownStringChars));
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();  // UTF-8
        if (!cut.empty() && static_cast<unsigned char>(cut.back()) >= 0xC0) cut.pop_back();
        return cut + "…\"";
    }
    return std::string(v);
}

// a + b with a space where Chinese meets a Latin letter, a digit or a quote: "必须是 1 到 10 之间的整数".
std::string spaced(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty()) return a + b;
    const auto last = static_cast<unsigned char>(a.back()), first = static_cast<unsigned char>(b.front());
    const bool cjk_then_latin =
        last >= 0x80 && first < 0x80 && (std::isalnum(first) || first == '"' || first == '[' || first == '{' || first == '(');
    const bool latin_then_cjk = last < 0x80 && (std::isalnum(last) || last == '"' || last == ')') && first >= 0x80;
    return cjk_then_latin || latin_then_cjk ? a + " " + b : a + b;
}

// "实际为 -3", "实际为对象": a space sets off a typed value, not a Chinese word.
std::string got_zh(std::string_view v) {
    const std::string shown = value_zh(v);
    const bool word = !shown.empty() && static_cast<unsigned char>(shown[0]) >= 0x80;
    return word ? "实际为" + shown : "实际为 " + shown;
}

// Glosses in parentheses after a field name, and the words between field names.
std::string fields_zh(std::string_view fields) {
    static const std::pair<std::string_view, std::string_view> kGlosses[] = {
        {" (model width)", "（模型宽度）"},
        {" (FFN width)", "（FFN 宽度）"},
        {" (routed experts per layer)", "（每层的路由专家数）"},
        {" (width of one expert)", "（单个专家的宽度）"},
        {" (MLA latent width)", "（MLA 潜在维度）"},
        {" (KV groups)", "（KV 组数）"},
        {" (MLA)", "（MLA）"},
        {" (hidden_size is not a multiple of num_attention_heads)", "（hidden_size 不是 num_attention_heads 的整数倍）"},
        {" (with the other shape fields)", "（与其他形状字段一起）"},
        {" and ", " 和 "},
        {" or ", " 或 "},
        {", ", "、"},
    };
    std::string s(fields);
    for (const auto& [en, zh] : kGlosses) s = replaced(std::move(s), en, zh);
    return s;
}

// What is accepted: the part after "must be".
Zh what_zh(std::string_view w) {
    if (take_suffix(w, " or null")) {
        const Zh inner = what_zh(w);
        return inner ? Zh(spaced(*inner, "或 null")) : std::nullopt;
    }
    static const std::pair<std::string_view, std::string_view> kWords[] = {
        {"a positive number", "正数"},
        {"a number >= 0", "不小于 0 的数"},
        {"a positive integer", "正整数"},
        {"an integer >= 0", "不小于 0 的整数"},
        {"a number", "数字"},
        {"an integer", "整数"},
        {"a string", "字符串"},
        {"a non-empty string", "非空字符串"},
        {"true or false", "true 或 false"},
        {"true, false", "true、false"},  // "true, false or null"
        {"an object", "对象"},
        {"a JSON object", "JSON 对象"},
        {"a config.json object", "config.json 对象"},
        {"an array", "数组"},
        {"an array of objects", "对象数组"},
        {"a non-empty array of strings", "非空的字符串数组"},
        {"a catalog id or a hardware object", "目录中的 id 或硬件对象"},
        {"a catalog id, {\"hf_config\": {...}} or an architecture object",
         "目录中的 id、{\"hf_config\": {...}} 或架构对象"},
        {"an integer or \"auto\"", "整数或 \"auto\""},
        {"zh or en", "zh 或 en"},
        {"light or dark", "light 或 dark"},
        {"a KV format id", "KV 格式 id"},
        {"a non-empty string or a non-empty array of {\"ref\", \"covers\"} objects",
         "非空字符串，或由 {\"ref\", \"covers\"} 对象组成的非空数组"},
        {"a non-empty string or a {\"ref\", \"covers\"} object", "非空字符串或 {\"ref\", \"covers\"} 对象"},
        {"a string, an array of strings", "字符串、字符串数组"},  // "... or null"
        {"a positive integer when n_sliding_layers > 0", "正整数（n_sliding_layers > 0 时）"},
        {"a number >= 0, or give price_per_gpu_hour_low (and _high)",
         "不小于 0 的数，或改填 price_per_gpu_hour_low（及 _high）"},
    };
    for (const auto& [en, zh] : kWords)
        if (w == en) return std::string(zh);

    // "a positive integer up to 1000": the catalog's bounded counts and peaks.
    if (const size_t up = w.rfind(" up to "); up != std::string_view::npos) {
        const Zh head = what_zh(w.substr(0, up));
        if (head) return "不超过 " + std::string(w.substr(up + 7)) + " 的" + *head;
    }

    std::string_view rest = w;
    if (take_prefix(rest, "one of ")) return "以下之一：" + list_zh(rest);
    if (take_prefix(rest, "a non-empty array of: ")) return "非空数组，元素取自：" + list_zh(rest);
    if (take_prefix(rest, "an object ")) return "对象 " + std::string(rest);
    if (take_prefix(rest, "[lo, hi] with ")) return "[lo, hi]，且 " + std::string(rest);
    if (take_prefix(rest, "a number in ")) return std::string(rest) + " 内的数";
    if (take_prefix(rest, "a positive number <= ")) return "不大于 " + std::string(rest) + " 的正数";
    if (take_prefix(rest, "a number >= ")) return "不小于 " + std::string(rest) + " 的数";
    if (w.front() == '"') return replaced(std::string(w), "\" or \"", "\" 或 \"");  // "fixed" or "varied", a schema

    // "<noun> from <lo> to <hi>" (the scenario's ranges, the catalog's "from 0 to num_hidden_layers (61)"), and a
    // trailing gloss in parentheses: "a positive integer (n_routed_experts is 8)".
    if (w.back() == ')') {
        const size_t open = w.rfind(" (");
        if (open != std::string_view::npos) {
            std::string_view gloss = w.substr(open + 2, w.size() - open - 3);
            const Zh head = what_zh(w.substr(0, open));
            if (head) {
                if (take_prefix(gloss, "n_routed_experts is ")) return *head + "（n_routed_experts 为 " + std::string(gloss) + "）";
                if (gloss == "hidden_size is not a multiple of num_attention_heads")
                    return *head + "（hidden_size 不是 num_attention_heads 的整数倍）";
            }
        }
    }
    const size_t from = w.find("from ");
    const size_t to = w.find(" to ");
    if (from != std::string_view::npos && to != std::string_view::npos && from < to) {
        const std::string_view noun = from == 0 ? std::string_view() : w.substr(0, from - 1);
        const std::string lo(w.substr(from + 5, to - from - 5)), hi(w.substr(to + 4));
        std::string noun_zh;
        if (noun == "a number") noun_zh = "的数";
        else if (noun == "an integer") noun_zh = "的整数";
        else if (noun == "a number of billions") noun_zh = "的数（单位：十亿）";
        else if (!noun.empty()) return std::nullopt;
        return lo + " 到 " + hi + " 之间" + noun_zh;
    }
    return std::nullopt;
}

// "'<id>'; accepted: <rest>" after "unknown <thing> ": the id, cut, and what is accepted.
Zh unknown_id_zh(std::string_view thing_zh, std::string_view rest) {
    if (!take_prefix(rest, "'")) return std::nullopt;
    const size_t end = rest.find("'; accepted: ");
    if (end == std::string_view::npos) return std::nullopt;
    std::string id = value_zh("\"" + std::string(rest.substr(0, end)) + "\"");
    id = "'" + id.substr(1, id.size() - 2) + "'";
    std::string_view accepted = rest.substr(end + 13);
    std::string accepted_zh;
    std::string_view list = accepted;
    if (take_prefix(list, "a catalog id (")) {
        const size_t close = list.rfind(')');
        if (close == std::string_view::npos) return std::nullopt;
        const std::string_view after = list.substr(close + 1);
        accepted_zh = "目录中的 id（" + list_zh(list.substr(0, close)) + "）";
        if (after == " or a hardware object") accepted_zh += "或硬件对象";
        else if (after == ", {\"hf_config\": {...}} or an explicit architecture object")
            accepted_zh += "、{\"hf_config\": {...}} 或显式架构对象";
        else if (!after.empty()) return std::nullopt;
    } else if (take_prefix(list, "on_demand, cheapest, or a provider (") && take_suffix(list, ")")) {
        accepted_zh = "on_demand、cheapest 或某个租卡平台（" + list_zh(list) + "）";
    } else if (take_prefix(list, "auto, or provider/model (") && take_suffix(list, ")")) {
        accepted_zh = "auto 或 平台/模型（" + list_zh(list) + "）";
    } else {
        accepted_zh = list_zh(accepted);
    }
    return spaced("未知的", std::string(thing_zh)) + " " + id + "；可选：" + accepted_zh;
}

// The limits json_parse.hpp, json_reader.hpp and the URL parser state.
Zh limit_zh(std::string_view m) {
    std::string_view rest = m;
    if (take_prefix(rest, "is nested deeper than ") && take_suffix(rest, " levels"))
        return "嵌套超过 " + std::string(rest) + " 层";
    if (m == "is given twice in one object; each key may appear once")
        return std::string("在同一个对象中出现了两次；每个键只能出现一次");
    if (take_prefix(rest, "is not a finite number: ")) return "超出数字范围：" + std::string(rest);
    if (m == "must be UTF-8 text (percent-encoded)") return std::string("必须是 UTF-8 文本（百分号编码）");
    if (take_prefix(rest, "must be UTF-8 text, got ")) return "必须是 UTF-8 文本，" + got_zh(rest);
    rest = m;
    if (take_prefix(rest, "is ")) {
        const size_t bytes = rest.find(" bytes long; at most ");
        if (bytes != std::string_view::npos && take_suffix(rest, " bytes are accepted"))
            return "长 " + std::string(rest.substr(0, bytes)) + " 字节；最多接受 " +
                   std::string(rest.substr(bytes + 21)) + " 字节";
        return std::nullopt;
    }
    struct Counted {
        std::string_view en_lead, en_unit, zh_unit;
    };
    static const Counted kCounted[] = {{"must be at most ", " characters, got ", " 个字符"},
                                       {"must have at most ", " entries, got ", " 项"},
                                       {"must have at most ", " items, got ", " 项"},
                                       {"must have at most ", " parameters, got ", " 个参数"}};
    for (const Counted& c : kCounted) {
        rest = m;
        if (!take_prefix(rest, c.en_lead)) continue;
        const size_t unit = rest.find(c.en_unit);
        if (unit == std::string_view::npos) continue;
        return "最多 " + std::string(rest.substr(0, unit)) + std::string(c.zh_unit) + "，实际为 " +
               std::string(rest.substr(unit + c.en_unit.size()));
    }
    return std::nullopt;
}

// The whole message.
Zh message_zh(std::string_view m) {
    if (Zh zh = limit_zh(m)) return zh;
    if (m == "is not valid JSON") return std::string("不是有效的 JSON");
    if (m == "must divide num_attention_heads") return std::string("必须能整除 num_attention_heads");
    if (m == "missing; a rate needs its source (a non-empty string)")
        return std::string("缺少此项；汇率必须注明来源（非空字符串）");
    if (m == "required: gpu, cpu or unified") return std::string("必填：gpu、cpu 或 unified");
    if (m == "required: the model's name") return std::string("必填：模型名称");
    if (m == "required for an explicit architecture: params_b, or layers, hidden, heads, vocab and intermediate")
        return std::string("显式架构必须给出 params_b，或 layers、hidden、heads、vocab 和 intermediate");

    std::string_view rest = m;
    if (take_prefix(rest, "missing; ")) {
        if (take_prefix(rest, "hardware_kinds lists ")) {
            const size_t which = rest.find(", which needs efficiency ranges for ");
            if (which == std::string_view::npos) return std::nullopt;
            return "缺少此项；hardware_kinds 列出了 " + std::string(rest.substr(0, which)) + "，需要 " +
                   std::string(rest.substr(which + 36)) + " 的效率区间";
        }
        const Zh inner = message_zh(rest);
        return inner ? Zh("缺少此项；" + *inner) : std::nullopt;
    }
    if (take_prefix(rest, "must divide ")) {
        const size_t got = rest.find(", got ");
        if (got == std::string_view::npos) return std::nullopt;
        return "必须能整除 " + std::string(rest.substr(0, got)) + "，" + got_zh(rest.substr(got + 6));
    }
    if (take_prefix(rest, "must lie within ")) {
        const size_t got = rest.find(", got ");
        if (got == std::string_view::npos) return std::nullopt;
        return "必须落在 " + replaced(std::string(rest.substr(0, got)), " x ", " × ") + " 之内，" +
               got_zh(rest.substr(got + 6));
    }
    // "must be at most layers (61)", "must be from 1 to experts (8)": no noun to be.
    if (take_prefix(rest, "must be at most ")) return "不能超过 " + std::string(rest);
    if (take_prefix(rest, "must be from ")) {
        const Zh range = what_zh("from " + std::string(rest));
        return range ? Zh("必须在 " + *range) : std::nullopt;
    }
    if (take_prefix(rest, "must be ")) {
        size_t got = rest.find(", got ");
        const size_t got_semi = rest.find("; got ");
        if (got_semi < got) got = got_semi;
        const Zh what = what_zh(got == std::string_view::npos ? rest : rest.substr(0, got));
        if (!what) return std::nullopt;
        if (got == std::string_view::npos) return spaced("必须是", *what);
        return spaced("必须是", *what) + "，" + got_zh(rest.substr(got + 6));
    }
    if (take_prefix(rest, "unknown field; accepted: ")) return "未知字段；可用的字段：" + list_zh(rest);
    if (take_prefix(rest, "unknown parameter; accepted: ")) return "未知参数；可用的参数：" + list_zh(rest);
    if (take_prefix(rest, "unknown key \"")) {
        const size_t end = rest.find("\"; accepted: ");
        if (end == std::string_view::npos) return std::nullopt;
        return "未知的键 " + value_zh("\"" + std::string(rest.substr(0, end)) + "\"") + "；可用的键：" +
               list_zh(rest.substr(end + 13));
    }
    if (take_prefix(rest, "unknown hardware class; the keys must be ")) {
        const size_t got = rest.find(", got ");
        if (got == std::string_view::npos) return std::nullopt;
        return "未知的硬件类别；键必须是 " + list_zh(rest.substr(0, got)) + " 之一，" +
               got_zh(rest.substr(got + 6));
    }
    if (take_prefix(rest, "duplicate id \"")) {
        const size_t end = rest.find("\"; first defined at ");
        if (end == std::string_view::npos) return std::nullopt;
        return "重复的 id \"" + std::string(rest.substr(0, end)) + "\"；首次定义于 " + std::string(rest.substr(end + 20));
    }
    if (take_prefix(rest, "only one engine may be the CPU default; \"")) {
        const size_t end = rest.find("\" already is (");
        if (end == std::string_view::npos || !take_suffix(rest, ")")) return std::nullopt;
        return "只能有一个推理引擎是 CPU 默认引擎；\"" + std::string(rest.substr(0, end)) + "\" 已是（" +
               std::string(rest.substr(end + 15)) + "）";
    }
    // The catalog's cross-references: 'unknown engine "x"; known: a, b'.
    static const std::pair<std::string_view, std::string_view> kReferences[] = {
        {"unknown cpu platform \"", "CPU 平台"}, {"unknown engine \"", "推理引擎"},
        {"unknown KV format \"", "KV 格式"},     {"unknown hardware \"", "硬件"}};
    for (const auto& [en, zh] : kReferences) {
        if (!take_prefix(rest, en)) continue;
        const size_t end = rest.find("\"; ");
        if (end == std::string_view::npos) return std::nullopt;
        const std::string head = "未知的" + std::string(zh) + " \"" + std::string(rest.substr(0, end)) + "\"；";
        std::string_view tail = rest.substr(end + 3);
        if (take_prefix(tail, "known: ")) return head + "已知：" + list_zh(tail);
        if (tail == "must be \"\" or an id from hardware.json (accelerators, cpu_platforms)")
            return head + "必须为 \"\" 或 hardware.json 中的 id（accelerators、cpu_platforms）";
        return std::nullopt;
    }
    static const std::pair<std::string_view, std::string_view> kThings[] = {
        {"unknown hardware ", "硬件"},         {"unknown model ", "模型"},
        {"unknown weight format ", "权重格式"}, {"unknown engine ", "推理引擎"},
        {"unknown KV cache format ", "KV 缓存格式"}, {"unknown price basis ", "价格依据"},
        {"unknown API ", "API"},
    };
    for (const auto& [en, zh] : kThings)
        if (take_prefix(rest, en)) return unknown_id_zh(zh, rest);
    if (std::string_view r = rest; take_suffix(r, ", not a text generator: choose a chat model and list this one under colocated")) {
        static const std::pair<std::string_view, std::string_view> kRoles[] = {
            {"' is an embedding model", "嵌入模型"}, {"' is a reranker", "重排序模型"}, {"' is a speech recognition model", "语音识别模型"}};
        for (const auto& [en, zh] : kRoles)
            if (take_suffix(r, en) && take_prefix(r, "'"))
                return "'" + std::string(r) + "' 是" + std::string(zh) + "，不生成文本：请选择对话模型，并把它列在同机部署（colocated）里";
        return std::nullopt;
    }
    if (take_prefix(rest, "is not valid JSON at line ")) {  // a scenario's or a URL value's syntax error
        const size_t comma = rest.find(", column ");
        const size_t colon = rest.find(':');
        if (comma != std::string_view::npos && colon != std::string_view::npos && comma < colon)
            return "不是有效的 JSON（第 " + std::string(rest.substr(0, comma)) + " 行第 " +
                   std::string(rest.substr(comma + 9, colon - comma - 9)) + " 列）";
        return std::string("不是有效的 JSON");
    }
    if (take_prefix(rest, "invalid JSON")) {
        // "invalid JSON at line 3, column 5: syntax error ..." — the place is the fact a user can act on; the
        // parser's own English detail is left out.
        if (take_prefix(rest, " at line ")) {
            const size_t comma = rest.find(", column ");
            const size_t colon = rest.find(':');
            if (comma != std::string_view::npos && colon != std::string_view::npos && comma < colon)
                return "不是有效的 JSON（第 " + std::string(rest.substr(0, comma)) + " 行第 " +
                       std::string(rest.substr(comma + 9, colon - comma - 9)) + " 列）";
        }
        return std::string("不是有效的 JSON");
    }
    if (take_prefix(rest, "could not be read: ")) return std::string("无法读取");
    if (std::string_view n = rest; take_prefix(n, "and ") && take_suffix(n, " more errors not listed"))
        return "另有 " + std::string(n) + " 个错误未列出";  // a user catalog's errors past kMaxUserCatalogErrors
    if (take_prefix(rest, "internal error: ")) return std::string("内部错误");
    if (take_prefix(rest, "at most ")) {
        const size_t models = rest.find(" colocated models, got ");
        if (models == std::string_view::npos) return std::nullopt;
        return "同机部署的模型最多 " + std::string(rest.substr(0, models)) + " 个，实际为 " +
               std::string(rest.substr(models + 23));
    }
    if (take_prefix(rest, "required for custom hardware: ")) {
        const Zh what = what_zh(rest);
        return what ? Zh(spaced("自定义硬件必填，须为", *what)) : std::nullopt;
    }
    if (take_prefix(rest, "required: billions of parameters, ")) {
        const Zh what = what_zh(rest);
        return what ? Zh(spaced("必填：参数量（单位：十亿），须为", *what)) : std::nullopt;
    }
    if (take_prefix(rest, "required for ")) {
        const size_t colon = rest.find(": ");
        if (colon == std::string_view::npos) return std::nullopt;
        const std::string_view family = rest.substr(0, colon);
        std::string family_zh;
        if (family == "a config without model_type") family_zh = "没有 model_type 的 config.json";
        else if (family == "an explicit architecture") family_zh = "显式架构";
        else family_zh = std::string(family) + " 架构";
        return family_zh + "必须给出：" + fields_zh(rest.substr(colon + 2));
    }
    return std::nullopt;
}

}  // namespace

std::string error_message_zh(const std::string& en) { return message_zh(en).value_or(std::string()); }

std::string Error::message_in(const std::string& lang) const {
    if (lang != "zh") return message;
    const std::string zh = error_message_zh(message);
    return zh.empty() ? "取值无效（英文说明）：" + message : zh;
}

namespace {
// What the CLI and the page print of an error: one line (control characters escaped, bytes that are not UTF-8
// replaced) of bounded length, whatever text reached the message. The messages already show user values through
// value_text.hpp; this holds for any that did not.
constexpr size_t kMaxErrorChars = 4000;
std::string printed(const std::string& s) { return one_line(s, kMaxErrorChars); }
}  // namespace

std::string Error::located_in(const std::string& lang) const {
    return lang == "zh" ? printed(path) + "：" + printed(message_in(lang)) : printed(path) + ": " + printed(message);
}

std::string Error::cli_line_in(const std::string& lang) const {
    return lang == "zh" ? "错误：" + located_in(lang) : "error: " + printed(path) + ": " + printed(message);
}

}  // namespace infersizer
