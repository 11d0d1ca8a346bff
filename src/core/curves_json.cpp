// curves_json.cpp — curves_json.hpp.
#include "curves_json.hpp"

#include "json_number.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace infersizer {

using nlohmann::json;

namespace {

// Numbers as the result JSON writes them (json_number.hpp): the same figure reads the same in both documents.
double tidy(double v) { return json_number(v); }

json iv(Interval i) { return {{"lo", tidy(i.lo)}, {"hi", tidy(i.hi)}}; }

json axis_json(const CurveAxis& a, const std::string& lang) {
    return {{"label", a.label.in(lang)}, {"kind", to_string(a.kind)}, {"log", a.log}};
}

json line_json(const CurveLine& l, const std::string& lang) {
    return {{"id", l.id}, {"vertical", l.vertical}, {"value", tidy(l.value)}, {"span", iv(l.span)}, {"label", l.label.in(lang)}};
}

}  // namespace

const char* to_string(AxisKind k) {
    switch (k) {
        case AxisKind::count: return "count";
        case AxisKind::tokens: return "tokens";
        case AxisKind::seconds: return "seconds";
        case AxisKind::gib: return "gib";
        case AxisKind::tps: return "tps";
        case AxisKind::usd: return "usd";
    }
    return "count";
}

json curves_to_json(const Curves& c, const std::string& lang) {
    json charts = json::array();
    for (const Chart& ch : c.charts) {
        json series = json::array();
        for (const CurveSeries& s : ch.series) {
            json points = json::array();
            for (const CurvePoint& p : s.points) points.push_back({{"x", tidy(p.x)}, {"lo", tidy(p.y.lo)}, {"hi", tidy(p.y.hi)}});
            series.push_back({{"id", s.id}, {"name", s.name.in(lang)}, {"points", points}});
        }
        json lines = json::array();
        for (const CurveLine& l : ch.lines) lines.push_back(line_json(l, lang));
        charts.push_back({{"id", ch.id},
                          {"group", ch.group},
                          {"title", ch.title.in(lang)},
                          {"x", axis_json(ch.x, lang)},
                          {"y", axis_json(ch.y, lang)},
                          {"series", series},
                          {"lines", lines},
                          {"marker", ch.marker ? line_json(*ch.marker, lang) : json(nullptr)}});
    }
    const ReverseAnswers& r = c.reverse;
    json sentences = json::array();
    for (const Text& t : r.sentences) sentences.push_back(t.in(lang));
    return {{"schema", kCurvesSchema},
            {"charts", charts},
            {"reverse",
             {{"max_concurrency", r.max_concurrency},
              {"max_concurrency_capped", r.max_concurrency_capped},
              {"max_context", iv(r.max_context)},
              {"smallest_weights", r.smallest_weights.empty() ? json(nullptr) : json(r.smallest_weights)},
              {"smallest_weights_bits", tidy(r.smallest_weights_bits)},
              {"sentences", sentences}}}};
}

}  // namespace infersizer
