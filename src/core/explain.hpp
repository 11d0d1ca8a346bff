// explain.hpp — how a figure was computed, recorded by the function that computes it from the very values it
// used: the formula in words (zh, en), every input with its value, unit and source, the figure itself and why its
// interval is as wide as it is. The result carries the entries as `explain`, keyed by the figure's path in the
// result JSON ("memory.kv_cache_gib", "plan[0].cards"); the page shows them on hover and `infersizer estimate
// --explain` prints them (docs/contract.md, "explain").
#pragma once

#include "catalog.hpp"
#include "interval.hpp"

#include <string>
#include <utility>
#include <vector>

namespace infersizer {

// Where an input's value comes from. JSON: the lower-case names.
enum class SourceKind {
    scenario,     // a field the user set (ref: "scenario.concurrency")
    catalog,      // a catalog entry (ref: "models/DeepSeek-R1", "hardware/nvidia-h100-sxm-80gb")
    engine,       // an engine's default (ref: "engines/vllm.max_num_batched_tokens")
    calibration,  // an efficiency fitted to measurements (ref: "engines/vllm.efficiency.gpu.eta_mem")
    computed,     // another figure of this result (ref: its path, "memory.kv_per_token_kib")
    constant,     // a fixed convention or unit (ref: what it is, "730 h per month")
    simulation,   // the serving simulation's steady state (ref: docs/serving.md)
};

struct Source {
    SourceKind kind = SourceKind::computed;
    std::string ref;
};

// How an input enters the figure: multiplied, divided by, added, or only given for the reader (a model run).
// JSON: "factor", "divisor", "term", "given".
enum class InputRole { factor, divisor, term, given };

struct ExplainInput {
    Text name;
    Interval value;
    std::string unit;  // "GiB", "KiB", "tokens", "s", "USD", "bits/weight", ""; the same in both languages
    Source source;
    InputRole role = InputRole::given;
};

// How the figure follows from its inputs. product: the factors' product over the divisors' (interval arithmetic
// on positive values: lo from the low ends of the factors and the high ends of the divisors); sum: the terms'
// sum; model: a simulation or a search the inputs only describe. JSON: "product", "sum", "model".
enum class Combine { product, sum, model };
// A product taken down or up to a whole number (sequences that fit, replicas). JSON: "none", "down", "up".
enum class Rounding { none, down, up };

struct Explanation {
    Text title;     // the figure in words ("KV cache", "Time to first token, median")
    Text formula;   // in words, each input named as in `inputs`
    std::vector<ExplainInput> inputs;
    Interval value;
    std::string unit;
    Text why_wide;  // which bound came from which end; "exact" figures say why they are
    Combine combine = Combine::model;
    Rounding rounding = Rounding::none;
};

// The entries of one result by figure path, in the order they were recorded.
struct Explain {
    std::vector<std::pair<std::string, Explanation>> entries;

    const Explanation* find(const std::string& key) const;
    // Records `e` under `key`, replacing an entry of the same key.
    void set(const std::string& key, Explanation e);
    // Copies every entry of `other`, each key prefixed ("plan[2]." + "cards").
    void merge(const Explain& other, const std::string& prefix = "");
    bool empty() const { return entries.empty(); }
};

// Input builders: explain::factor({"显存", "memory"}, v, "GiB", {SourceKind::catalog, "hardware/x"}).
namespace explain {
ExplainInput factor(Text name, Interval value, std::string unit, Source source);
ExplainInput divisor(Text name, Interval value, std::string unit, Source source);
ExplainInput term(Text name, Interval value, std::string unit, Source source);
ExplainInput given(Text name, Interval value, std::string unit, Source source);
inline ExplainInput factor(Text name, double value, std::string unit, Source source) {
    return factor(std::move(name), Interval::exact(value), std::move(unit), std::move(source));
}
inline ExplainInput divisor(Text name, double value, std::string unit, Source source) {
    return divisor(std::move(name), Interval::exact(value), std::move(unit), std::move(source));
}
inline ExplainInput given(Text name, double value, std::string unit, Source source) {
    return given(std::move(name), Interval::exact(value), std::move(unit), std::move(source));
}
}  // namespace explain

const char* to_string(SourceKind k);
const char* to_string(InputRole r);
const char* to_string(Combine c);
const char* to_string(Rounding r);

// An input's or a figure's value as the page and the CLI print it in `lang`: seconds as "86 – 750 ms", money
// as "$1,200 – $1,900", a large bare count as "1.2万 – 3万" / "12k – 30k", anything else as "6.1 – 7.0 GiB".
std::string explain_value_text(Interval v, const std::string& unit, const std::string& lang);

// A source in words: "目录：models/DeepSeek-R1" / "catalog: models/DeepSeek-R1".
std::string explain_source_text(const Source& s, const std::string& lang);

}  // namespace infersizer
