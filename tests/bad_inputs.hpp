// bad_inputs.hpp — reads tests/data/bad_inputs.json, the table of bad-input classes the core tests
// (test_bad_inputs.cpp) and the CLI tests (test_cli.cpp) assert word for word, and expands its shorthand:
// <<repeat:N:TEXT>> is TEXT written N times (a 100,000-deep array, a 17 MB string), <<byte:HH>> one byte (text
// that is not UTF-8, which JSON cannot hold). The page's own table (setScenario) can read the same file.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace infersizer::test {

inline std::string expand_bad_input(const std::string& s) {
    std::string out;
    size_t at = 0;
    while (true) {
        const size_t open = s.find("<<", at);
        if (open == std::string::npos) break;
        const size_t close = s.find(">>", open);
        if (close == std::string::npos) break;
        out += s.substr(at, open - at);
        const std::string inner = s.substr(open + 2, close - open - 2);
        if (inner.rfind("repeat:", 0) == 0) {
            const size_t colon = inner.find(':', 7);
            const size_t n = std::stoul(inner.substr(7, colon - 7));
            const std::string text = inner.substr(colon + 1);
            out.reserve(out.size() + n * text.size());
            for (size_t i = 0; i < n; ++i) out += text;
        } else if (inner.rfind("byte:", 0) == 0) {
            out += static_cast<char>(std::stoi(inner.substr(5), nullptr, 16));
        } else {
            throw std::runtime_error("bad_inputs.json: unknown shorthand <<" + inner + ">>");
        }
        at = close + 2;
    }
    return out + s.substr(at);
}

struct BadInput {
    std::string name;   // the class, as the table names it
    std::string entry;  // scenario, url, catalog, config, cli
    std::string input;  // expanded
    std::vector<std::string> args;                               // cli: expanded, {tmp} not yet replaced
    std::vector<std::pair<std::string, std::string>> files;      // cli: name → expanded content
    std::string message;
};

inline std::vector<BadInput> bad_inputs(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    const nlohmann::json doc = nlohmann::json::parse(in);
    std::vector<BadInput> out;
    for (const auto& c : doc.at("cases")) {
        BadInput b;
        b.name = c.at("class").get<std::string>();
        b.entry = c.at("entry").get<std::string>();
        b.input = expand_bad_input(c.at("input").get<std::string>());
        b.message = c.at("message").get<std::string>();
        if (c.contains("args"))
            for (const auto& a : c.at("args")) b.args.push_back(expand_bad_input(a.get<std::string>()));
        if (c.contains("files"))
            for (const auto& f : c.at("files").items())
                b.files.emplace_back(f.key(), expand_bad_input(f.value().get<std::string>()));
        out.push_back(std::move(b));
    }
    return out;
}

}  // namespace infersizer::test
