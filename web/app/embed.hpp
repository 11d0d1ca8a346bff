// embed.hpp — the page inside another page: the compact layout for ?embed=1, the "embed this" snippet, and the
// requests the page makes of the platform that only a browser can carry out (open the full page, fetch the
// offline copy). The postMessage protocol itself is the platform's (web/platform/embed.js, docs/contract.md).
#pragma once

#include "app_state.hpp"

#include <string>

namespace infersizer::app {

// The compact layout: the headline, memory, speed and decision first, the inputs folded but editable below, a
// line with "open in full page" instead of the header. Records s.content_height_px for the platform's height
// messages: the layout never fills the window, so its height depends on the width alone.
void draw_embed_layout(AppState& s);

// The <iframe> snippet for the current scenario (the header's "embed this"): the iframe's src is '?embed=1&' +
// the scenario's query — the platform puts the page's address in front (bridge.js, as for "copy link") — and a
// few lines of script that size the iframe by its height messages. Every character of the query that means
// something in HTML is escaped, so the snippet pastes as inert markup.
std::string embed_snippet(const AppState& s);

// Queues a request for the platform (s.page_request): "open ?<query>" (the full page with this scenario, in a new
// tab) or "download-offline" (save dist/infersizer-offline.html).
void request_open_full_page(AppState& s);
void request_offline_copy(AppState& s);

}  // namespace infersizer::app
