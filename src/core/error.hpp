// error.hpp — errors as values at the core's boundary.
//
// The core never throws past its API on user input. A failure carries a stable id (for tests and
// translations), a JSON-pointer-like path to the offending field, and a message that states the accepted
// values or range. Printed form: "[scenario.range] scenario.concurrency: must be an integer from 1 to
// 100000, got -3".
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace infersizer {

struct Error {
    std::string id;       // stable id, e.g. "scenario.range", "catalog.missing_field", "hf_config.unsupported"
    std::string path;     // e.g. "scenario.concurrency", "models[3].hidden_size", "url.context_tokens"
    std::string message;  // human text naming the accepted values or range, English

    std::string to_string() const { return "[" + id + "] " + path + ": " + message; }
    // The CLI's one line: "error: <path>: <message>".
    std::string cli_line() const { return "error: " + path + ": " + message; }

    // The message in the user's language: "zh" gives the Chinese sentence with the same facts (error_text.cpp),
    // anything else the English. A message the Chinese grammar does not know keeps its English after a Chinese
    // lead, so no fact is lost.
    std::string message_in(const std::string& lang) const;
    // "<path>: <message>" in the user's language ("<path>：<message>" for zh): what the page shows.
    std::string located_in(const std::string& lang) const;
    // cli_line() in the user's language: "错误：<path>：<message>" for zh.
    std::string cli_line_in(const std::string& lang) const;
};

using Errors = std::vector<Error>;

// A value or an error. Small on purpose: the C++17 stand-in for std::expected.
template <class T>
class Expected {
public:
    Expected(T value) : v_(std::move(value)) {}
    Expected(Error error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const { return std::get<0>(v_); }
    T& value() { return std::get<0>(v_); }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(v_); }

private:
    std::variant<T, Error> v_;
};

}  // namespace infersizer
