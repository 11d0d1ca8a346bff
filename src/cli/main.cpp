// main.cpp — the thin CLI over the core (docs/contract.md). All estimation happens in the
// core; this file reads arguments and files, and prints. Exit codes: 0 ok, 2 bad input, 1 internal.
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"
#include "curves_json.hpp"
#include "estimate.hpp"
#include "explain_text.hpp"
#include "format_text.hpp"
#include "inspect.hpp"
#include "options.hpp"
#include "report.hpp"
#include "result_json.hpp"
#include "scenario_json.hpp"
#include "value_text.hpp"
#include "version.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace infersizer;
using nlohmann::json;

namespace {

int fail(const std::string& line) {
    std::cerr << line << "\n";
    return 2;
}

std::string default_lang() {
    for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* v = std::getenv(var);
        if (v && *v) return std::string(v).rfind("zh", 0) == 0 ? "zh" : "en";
    }
    return "en";
}

bool read_input(const std::string& path, std::string* out) {
    if (path == "-") {
        out->assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        return true;
    }
    // A directory opens as a stream on Linux and only fails on the first read (an exception, once exit 1).
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return false;
    *out = text.str();
    return true;
}

// A path or value as an error line shows it: cut, on one line.
std::string shown(const std::string& s) { return one_line(s, kShownChars); }

// Sets a dotted path ("targets.ttft_s") in a JSON patch.
void set_path(json& patch, const std::string& path, json value) {
    const size_t dot = path.find('.');
    if (dot == std::string::npos) patch[path] = std::move(value);
    else patch[path.substr(0, dot)][path.substr(dot + 1)] = std::move(value);
}

// A flag value as JSON: numbers when the whole text is one, else the text itself, so the scenario parser
// reports "must be an integer from 1 to 100000, got \"abc\"" with the field's name.
json flag_value(const cli::Option& o, const std::string& text) {
    // The one true/false flag travels as a JSON boolean, as the URL's no_latency_target=true does.
    if (std::string(o.flag) == "--no-latency-target" && (text == "true" || text == "false")) return text == "true";
    if (o.numeric) {
        if (std::string(o.flag) == "--count" && text == "auto") return nullptr;
        // Decimal numbers only: "nan", "inf" and hex ("0x10") are no value a user means here, so the text goes on
        // and the error reads got "0x10" with the field's range.
        double v = 0;
        if (parse_decimal(text, &v)) {
            if (v == static_cast<long long>(v) && v > -1e15 && v < 1e15) return static_cast<long long>(v);
            return v;
        }
    }
    return text;
}

// The bundled catalog, or the bundled one with the user's file merged over it (the page's own-catalog loader calls
// the same merge_catalog).
Expected<Catalog> load_user_catalog(const std::string& path, Errors* errors) {
    if (path.empty()) return bundled::catalog();
    std::string text;
    if (!read_input(path, &text)) {
        Error e{"cli.io", "--catalog", "cannot read file '" + shown(path) + "' (missing, unreadable or a directory)"};
        *errors = {e};
        return e;
    }
    return merge_catalog(bundled::catalog(), text, errors);
}

// A refused user catalog: one error line per error the core found (up to its cap), not only the first.
int fail_catalog(const Error& first, const Errors& errors, const std::string& lang) {
    std::string lines = errors.empty() ? first.cli_line_in(lang) : "";
    for (const Error& e : errors) lines += (lines.empty() ? "" : "\n") + e.cli_line_in(lang);
    return fail(lines);
}

int cmd_catalog(const std::vector<std::string>& args) {
    bool as_json = false;
    std::string catalog_path;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--json") as_json = true;
        else if (args[i] == "--catalog" && i + 1 < args.size()) catalog_path = args[++i];
        else return fail("error: catalog: unknown option '" + shown(args[i]) + "'; accepted: --json, --catalog FILE");
    }
    Errors errors;
    auto loaded = load_user_catalog(catalog_path, &errors);
    if (!loaded) return fail_catalog(loaded.error(), errors, "en");
    const Catalog& c = *loaded;
    json j;
    j["version"] = c.version;
    auto ids = [](const auto& v) {
        json a = json::array();
        for (const auto& e : v) a.push_back(e.id);
        return a;
    };
    j["models"] = ids(c.models);
    j["hardware"] = ids(c.hardware);
    j["weight_formats"] = ids(c.weight_formats);
    j["kv_formats"] = ids(c.kv_formats);
    j["engines"] = ids(c.engines);
    if (as_json) {
        std::cout << j.dump(1) << "\n";
        return 0;
    }
    std::cout << "InferSizer catalog " << c.version << "\n";
    for (const char* key : {"models", "hardware", "weight_formats", "kv_formats", "engines"}) {
        std::cout << "\n" << key << " (" << j[key].size() << "):\n ";
        size_t col = 1;
        for (const json& id : j[key]) {
            const std::string s = id.get<std::string>();
            if (col + s.size() + 1 > 100) {
                std::cout << "\n ";
                col = 1;
            }
            std::cout << " " << s;
            col += s.size() + 1;
        }
        std::cout << "\n";
    }
    return 0;
}

// `infersizer curves`: the reverse questions' sentences, then each chart's series as "x: lo–hi" (curves.hpp).
std::string render_curves(const Curves& c, const std::string& lang) {
    std::string out;
    for (const Text& t : c.reverse.sentences) out += t.in(lang) + "\n";
    for (const Chart& ch : c.charts) {
        out += "\n" + ch.title.in(lang) + " (" + ch.x.label.in(lang) + " → " + ch.y.label.in(lang) + ")\n";
        for (const CurveSeries& s : ch.series) {
            out += "  " + s.name.in(lang) + ":";
            // Figures as the report writes them ("1,000", "693k" / "69.3万", "0.087–0.16"), not "1e+03".
            for (const CurvePoint& p : s.points) out += " " + fmt::number(p.x, lang) + ": " + fmt::interval(p.y, "", lang) + ";";
            out += "\n";
        }
        if (ch.marker) out += "  " + ch.marker->label.in(lang) + "\n";
    }
    return out;
}

int cmd_estimate(const std::vector<std::string>& args, bool curves = false) {
    bool explain = false;  // --explain: the report, then every figure's explanation (the JSON carries them anyway)
    std::optional<std::string> format_flag;  // --format KIND, checked after the loop so its error follows --lang wherever it stands
    bool json_flag = false;   // --json: the same as --format json
    std::string first_of_two; // which of --json / --format came first, to name a conflict
    std::string lang = default_lang();
    std::string scenario_path;
    std::string catalog_path;
    std::vector<std::string> model_files;  // --model-file FILE...: the model from its own files' headers
    json patch = json::object();
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const cli::Option* o = cli::find_option(a);
        if (!o) return fail("error: estimate: unknown option '" + shown(a) + "'; see infersizer --help");
        if (!o->value) {  // the switches
            if (a == "--explain") explain = true;
            if (a == "--json") {
                json_flag = true;
                if (first_of_two.empty()) first_of_two = "--json";
            }
            continue;
        }
        if (i + 1 >= args.size()) return fail(std::string("error: ") + o->flag + ": needs a value (" + o->value + ")");
        const std::string v = args[++i];
        if (a == "--lang") {
            if (v != "zh" && v != "en") return fail("error: --lang: must be zh or en, got " + quoted_value(v));
            lang = v;
        } else if (a == "--format") {
            format_flag = v;
            if (first_of_two.empty()) first_of_two = "--format";
        } else if (a == "--scenario") {
            scenario_path = v;
        } else if (a == "--catalog") {
            catalog_path = v;
        } else if (a == "--model-file") {
            model_files.push_back(v);
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) model_files.push_back(args[++i]);
        } else {
            set_path(patch, o->json_path, flag_value(*o, v));
        }
    }

    ReportKind format = json_flag ? ReportKind::json : ReportKind::text;
    if (format_flag) {
        auto kind = report_kind_from_string(*format_flag, "--format");
        if (!kind) return fail(kind.error().cli_line_in(lang));
        if (json_flag && *kind != ReportKind::json)
            return fail(first_of_two == "--json" ? "error: --format: conflicts with --json"
                                                 : "error: --json: conflicts with --format " + *format_flag);
        format = *kind;
    }

    Scenario s;
    if (!scenario_path.empty()) {
        std::string text;
        if (!read_input(scenario_path, &text)) return fail("error: --scenario: cannot read file '" + shown(scenario_path) +
                        "' (missing, unreadable or a directory)");
        auto parsed = scenario_from_json_text(text);
        if (!parsed) return fail(parsed.error().cli_line_in(lang));
        s = *parsed;
    } else if (patch.empty() && model_files.empty()) {
        return fail("error: estimate: give --scenario FILE or at least --model/--hardware flags; see infersizer --help");
    }
    if (!patch.empty()) {
        auto merged = scenario_from_json(patch, s);
        if (!merged) return fail(merged.error().cli_line_in(lang));
        s = *merged;
    }

    Errors catalog_errors;
    auto catalog = load_user_catalog(catalog_path, &catalog_errors);
    if (!catalog) return fail_catalog(catalog.error(), catalog_errors, lang);
    if (!model_files.empty()) {
        const bool weights_given = patch.contains("weights") || !scenario_path.empty();
        auto with_files = cli::with_model_files(s, model_files, weights_given, *catalog);
        if (!with_files) return fail(with_files.error().cli_line_in(lang));
        s = *with_files;
    }
    auto result = estimate(*catalog, s);
    if (!result) {
        if (result.error().id == "internal") {
            std::cerr << result.error().cli_line_in(lang) << "\n";
            return 1;
        }
        return fail(result.error().cli_line_in(lang));
    }
    if (curves) {
        auto c = estimate_curves(*catalog, s, *result);
        if (!c) return fail(c.error().cli_line_in(lang));
        if (format == ReportKind::json) std::cout << curves_to_json(*c, lang).dump(1) << "\n";
        else std::cout << render_curves(*c, lang);
        return 0;
    }
    std::cout << render_report(format, s, *result, lang);
    // --explain follows the readable report; the JSON carries the entries itself, markdown and CSV stay clean.
    if (explain && format == ReportKind::text) std::cout << cli::render_explain(*result, lang);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << cli::usage();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::cout << "infersizer " << kVersion << "\n";
        return 0;
    }
    // Every argument is text: a value that is not UTF-8 could not be echoed or put in a JSON scenario.
    for (size_t i = 0; i < args.size(); ++i)
        if (!is_utf8(args[i]))
            return fail("error: " + (i > 0 && args[i - 1].rfind("--", 0) == 0 ? shown(args[i - 1]) : "argument") +
                        ": must be UTF-8 text, got " + quoted_value(args[i]));
    const std::string cmd = args[0];
    args.erase(args.begin());
    try {
        if (cmd == "catalog") return cmd_catalog(args);
        if (cmd == "estimate") return cmd_estimate(args);
        if (cmd == "curves") return cmd_estimate(args, true);
        if (cmd == "inspect") return cli::cmd_inspect(args);
    } catch (const std::exception& e) {
        std::cerr << "error: internal: " << e.what() << "\n";
        return 1;
    }
    return fail("error: unknown command '" + shown(cmd) + "'; accepted: estimate, curves, inspect, catalog, --version, --help");
}
