// json_parse.cpp — parse_json() (json_parse.hpp): nlohmann's lexer and parser feeding a SAX handler that builds the
// DOM itself, keeping the path and the depth; a key given twice is the object's insertion failing. (nlohmann's own
// DOM builder plus a set of each object's keys beside it cost a seventh of loading the bundled catalog: callgrind,
// docs/performance.md.)
#include "json_parse.hpp"

#include "json_fast.hpp"
#include "value_text.hpp"

#include <utility>
#include <vector>

namespace infersizer {
namespace {

using json = nlohmann::json;

class LimitedSax {
public:
    LimitedSax(json& out, JsonProblem* problem) : root_(out), problem_(problem) {}

    bool null() { return add(nullptr); }
    bool boolean(bool v) { return add(v); }
    bool number_integer(json::number_integer_t v) { return add(v); }
    bool number_unsigned(json::number_unsigned_t v) { return add(v); }
    bool number_float(json::number_float_t v, const json::string_t&) { return add(v); }
    bool string(json::string_t& v) { return add(v); }
    bool binary(json::binary_t&) { return false; }  // only the binary formats (CBOR, ...) make these
    bool start_object(std::size_t) { return open(json::value_t::object); }
    bool start_array(std::size_t) { return open(json::value_t::array); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(json::string_t& k) {
        Frame& f = frames_.back();
        auto inserted = f.value->get_ref<json::object_t&>().emplace(k, nullptr);
        f.key = &inserted.first->first;  // a map's nodes stay put: the path can point at its keys
        if (!inserted.second) {
            refuse(path(), "is given twice in one object; each key may appear once");
            return false;
        }
        slot_ = &inserted.first->second;
        return true;
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
        json* value;                      // the object or array being filled (its parent does not grow meanwhile)
        bool object;
        const std::string* key = nullptr; // objects: the key whose value is being read
        size_t count = 0;                 // arrays: values read so far
    };

    // Puts a value where the next one goes: the document, the end of the open array, or the slot of the key just
    // read. Returns where it went.
    template <class Value>
    json* place_value(Value&& v) {
        if (frames_.empty()) {
            root_ = json(std::forward<Value>(v));
            return &root_;
        }
        Frame& f = frames_.back();
        if (f.object) {
            *slot_ = json(std::forward<Value>(v));
            return slot_;
        }
        ++f.count;
        auto& items = f.value->get_ref<json::array_t&>();
        items.emplace_back(std::forward<Value>(v));
        return &items.back();
    }
    template <class Value>
    bool add(Value&& v) {
        place_value(std::forward<Value>(v));
        return true;
    }
    bool open(json::value_t type) {
        json* value = place_value(type);
        if (frames_.size() >= kMaxJsonDepth) {
            refuse("", "is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            return false;
        }
        frames_.push_back(Frame{value, type == json::value_t::object});
        return true;
    }
    bool close() {
        frames_.pop_back();
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
            if (f.object) p += (p.empty() ? "" : ".") + one_line(f.key ? *f.key : std::string(), kShownChars);
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

    json& root_;
    json* slot_ = nullptr;  // the value of the object key read last
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
    // Well-formed text (the bundled catalog, every scenario the page writes) is read in one quick pass; anything
    // that pass does not take is read again here, which says what is wrong and where (json_fast.hpp).
    if (auto quick = json_fast::parse(text, kMaxJsonDepth)) return quick;
    json out;
    LimitedSax sax(out, problem);
    sax.set_text(&text);
    if (!json::sax_parse(text, &sax)) {
        if (problem->message.empty()) {
            problem->message = "at line 1, column 1: not a JSON value";
            problem->syntax = true;
        }
        return std::nullopt;
    }
    return out;
}

}  // namespace infersizer
