// json_parse.cpp — parse_json() (json_parse.hpp): nlohmann's DOM builder behind a SAX layer that keeps the path,
// the depth and each open object's keys.
#include "json_parse.hpp"

#include "value_text.hpp"

#include <unordered_set>
#include <vector>

namespace infersizer {
namespace {

using json = nlohmann::json;

class LimitedSax {
public:
    LimitedSax(json& out, JsonProblem* problem) : dom_(out, false), problem_(problem) {}

    bool null() { return value() && dom_.null(); }
    bool boolean(bool v) { return value() && dom_.boolean(v); }
    bool number_integer(json::number_integer_t v) { return value() && dom_.number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
    bool number_float(json::number_float_t v, const json::string_t& s) { return value() && dom_.number_float(v, s); }
    bool string(json::string_t& v) { return value() && dom_.string(v); }
    bool binary(json::binary_t& v) { return value() && dom_.binary(v); }
    bool start_object(std::size_t n) { return open(true) && dom_.start_object(n); }
    bool start_array(std::size_t n) { return open(false) && dom_.start_array(n); }
    bool end_object() {
        frames_.pop_back();
        return dom_.end_object();
    }
    bool end_array() {
        frames_.pop_back();
        return dom_.end_array();
    }
    bool key(json::string_t& k) {
        Frame& f = frames_.back();
        f.key = k;
        if (!f.keys.insert(k).second) {
            refuse(path(), "is given twice in one object; each key may appear once");
            return false;
        }
        return dom_.key(k);
    }
    bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& e) {
        if (e.id == 406) {  // number overflow: "1e999"
            problem_->where = path_of_next_value();
            problem_->message = "is not a finite number: " + one_line(last_token, kShownChars) + " (" +
                                place(position) + ")";
            problem_->overflow = true;
            return false;
        }
        // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ...": the part after
        // "parse error ", with the user's text in it cut and kept on one line.
        const std::string what = e.what();
        const std::string marker = "parse error ";
        const size_t at = what.find(marker);
        std::string detail = at != std::string::npos ? what.substr(at + marker.size()) : what;
        if (detail.rfind("at ", 0) != 0) detail = "at " + place(position) + ": " + detail;
        problem_->message = one_line(detail, 200);
        problem_->syntax = true;
        return false;
    }

    void set_text(const std::string* text) { text_ = text; }

private:
    struct Frame {
        bool object;
        std::string key;    // objects: the key whose value is being read
        size_t count = 0;   // arrays: values read so far
        std::unordered_set<std::string> keys;
    };

    bool value() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().count;
        return true;
    }
    bool open(bool object) {
        value();
        if (frames_.size() >= kMaxJsonDepth) {
            refuse("", "is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            return false;
        }
        frames_.push_back(Frame{object, {}, 0, {}});
        return true;
    }
    void refuse(std::string where, std::string message) {
        problem_->where = std::move(where);
        problem_->message = std::move(message);
    }
    // "models[3].hidden_size": the value being read now.
    std::string path() const {
        std::string p;
        for (const Frame& f : frames_) {
            if (f.object) p += (p.empty() ? "" : ".") + one_line(f.key, kShownChars);
            else if (f.count > 0) p += "[" + std::to_string(f.count - 1) + "]";
        }
        return p;
    }
    // The path of a value not yet counted (the one a parse error stopped in).
    std::string path_of_next_value() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().count;
        return path();
    }
    std::string place(size_t position) const {
        size_t line = 1, column = 1;
        if (text_)
            for (size_t i = 0; i < position && i < text_->size(); ++i) {
                if ((*text_)[i] == '\n') {
                    ++line;
                    column = 1;
                } else {
                    ++column;
                }
            }
        return "line " + std::to_string(line) + ", column " + std::to_string(column > 1 ? column - 1 : 1);
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    JsonProblem* problem_;
    std::vector<Frame> frames_;
    const std::string* text_ = nullptr;
};

}  // namespace

std::optional<json> parse_json(const std::string& text, size_t max_bytes, JsonProblem* problem) {
    *problem = JsonProblem{};
    if (text.size() > max_bytes) {
        problem->message = "is " + std::to_string(text.size()) + " bytes long; at most " + std::to_string(max_bytes) +
                           " bytes are accepted";
        return std::nullopt;
    }
    json out;
    LimitedSax sax(out, problem);
    sax.set_text(&text);
    if (!json::sax_parse(text, &sax) || out.is_discarded()) {
        if (problem->message.empty()) {
            problem->message = "at line 1, column 1: not a JSON value";
            problem->syntax = true;
        }
        return std::nullopt;
    }
    return out;
}

}  // namespace infersizer
