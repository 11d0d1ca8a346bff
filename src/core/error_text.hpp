// error_text.hpp — an Error's message in Chinese.
//
// The core writes every error message in English first (the CLI's default output, the result JSON and many tests
// pin that text word for word). The messages follow a small grammar ("must be <what>, got <value>", "missing;
// must be <what>", "unknown <thing> '<id>'; accepted: <list>", ...), so the Chinese sentence is built here from
// the same parts, with the same facts: the accepted range or values and what was got. Field paths, ids and JSON
// keys stay as they are: they are identifiers the user types.
#pragma once

#include <string>

namespace infersizer {

// The Chinese for one of the core's English messages; "" when the message is not one the grammar knows (a test
// walks every reader's failures so that does not happen for them).
std::string error_message_zh(const std::string& en);

}  // namespace infersizer
