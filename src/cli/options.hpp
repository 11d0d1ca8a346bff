// options.hpp — the CLI's option table: one table drives parsing and the help text.
#pragma once

#include <string>
#include <vector>

namespace infersizer::cli {

struct Option {
    const char* flag;       // "--concurrency"
    const char* json_path;  // scenario field it sets: "concurrency", "targets.ttft_s"; nullptr: not a field
    const char* value;      // metavariable shown in help ("N"); nullptr for a switch
    const char* help;
    bool numeric;           // value is a number in JSON (strings that fail to parse stay strings, so the
                            // scenario parser names the field and the accepted range)
};

const std::vector<Option>& estimate_options();
const Option* find_option(const std::string& flag);
std::string usage();

}  // namespace infersizer::cli
