// test_zh_text.cpp — in Chinese, the page never draws an English sentence. Every text the page draws is
// captured with ImGui's own logging (LogToBuffer: RenderText feeds g.LogBuffer, one line per screen row),
// for the default scenario and every golden scenario, on a display tall enough that nothing is scrolled
// out, plus the tooltips of every item of the default page. A line with no CJK character and a run of three
// or more English words is a failure. Identifiers are not words: catalog names (models, hardware, engines,
// formats, API models) are removed first, and a token with a digit, an inner capital (vLLM) or all capitals
// (GPU, TTFT) or any symbol but a trailing , . ; : is no word either.
#include "../zh_text_classifier.hpp"
#include "ui_harness.hpp"
#include "widgets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <sstream>

namespace infersizer::app::test {
namespace {

using zh_text::english_run;
using zh_text::has_cjk;

class ZhText : public ::testing::Test {
protected:
    void SetUp() override {
        page_ = std::make_unique<Page>("zh", ImVec2(1280, 9000));
        const Catalog& c = *page_->state().catalog;
        for (const ModelArch& m : c.models) names_.insert(m.id), names_.insert(m.family);
        for (const Hardware& h : c.hardware) names_.insert(h.vendor + " " + h.name), names_.insert(h.name);
        for (const Engine& e : c.engines) names_.insert(e.name);
        for (const WeightFormat& f : c.weight_formats) names_.insert(f.id);
        for (const KvFormat& f : c.kv_formats) names_.insert(f.id);
        for (const ApiPrice& p : c.api_prices) names_.insert(p.model), names_.insert(p.provider);
        names_.erase("");
    }

    std::string frame_text() { return page_->drawn_text(); }

    // The text of a frame with the mouse on a labelled item of the inputs, tooltip included. A logged frame
    // lays out differently (ImGui opens collapsed sections while logging), so the item is found in one logged
    // frame and hovered in the next two.
    std::string hovering_text(const std::vector<std::string>& path) {
        page_->frames(2);
        frame_text();
        const ImRect* box = page_->path_rect("/inputs_", path);
        if (!box) return "";
        ImGui::GetIO().MousePos = box->GetCenter();
        frame_text();
        return frame_text();
    }

    // The launch and load-test commands' shell lines are identifiers copied as they are ("vllm bench serve"):
    // a line drawn from them is skipped. Their "#" comments are not: they must come in the page's language
    // (deploy.cpp writes them per language, issue #9).
    static std::string shell_of(const std::string& command) {
        std::istringstream in(command);
        std::string out, line;
        while (std::getline(in, line)) out += line.substr(0, line.find('#')) + "\n";
        return out;
    }
    bool in_shell_line(const std::string& line) const {
        if (!page_->state().result || line.size() < 8 || line.find('#') != std::string::npos) return false;
        const DeployHints& d = page_->state().result->deploy;
        return shell_of(d.launch_command.zh).find(line) != std::string::npos ||
               shell_of(d.load_test_command.zh).find(line) != std::string::npos;
    }

    void check(const std::string& text, const std::string& where) {
        // A table row is logged as one line, "| a | b |": each cell is a text of its own.
        std::string cells = text;
        for (size_t at; (at = cells.find(" | ")) != std::string::npos;) cells.replace(at, 3, "\n");
        std::istringstream in(cells);
        std::string line;
        while (std::getline(in, line)) {
            ++lines_;
            while (!line.empty() && line.front() == ' ') line.erase(0, 1);
            while (!line.empty() && (line.back() == ' ' || line.back() == '|')) line.pop_back();
            if (has_cjk(line) || in_shell_line(line)) continue;
            std::string stripped = line;
            // Longest names first, so "NVIDIA H100 SXM" goes before "H100".
            std::vector<std::string> names(names_.begin(), names_.end());
            std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
            for (const std::string& n : names)
                for (size_t at; (at = stripped.find(n)) != std::string::npos;) stripped.replace(at, n.size(), " # ");
            if (english_run(stripped) >= 3 && failures_.insert(line).second)
                ADD_FAILURE() << "English sentence in the zh page (" << where << "): \"" << line << "\"";
        }
    }

    std::unique_ptr<Page> page_;
    std::set<std::string> names_;
    std::set<std::string> failures_;
    size_t lines_ = 0;
};

TEST(ZhTextClassifier, FlagsEnglishSentencesOnly) {
    EXPECT_GE(english_run("Fits on one card with room to spare"), 3);
    EXPECT_LT(english_run("vLLM · TTFT p90 0.8 s · GPU H100"), 3);
    EXPECT_LT(english_run("Llama-3.1-8B fp16 4 × H100"), 3);
    EXPECT_TRUE(has_cjk("显存 80 GiB"));
}

TEST_F(ZhText, DefaultAndGoldenScenariosDrawNoEnglishSentence) {
    page_->frames(3);  // first frames lay out (ImGui hides new windows in their first frame)
    check(frame_text(), "default scenario");
    for (const Golden& g : golden_scenarios()) {
        ASSERT_EQ(app_set_scenario_json(page_->app(), g.scenario_json), "") << g.name;
        page_->frames(2);
        check(frame_text(), g.name);
    }
    EXPECT_GT(lines_, 500u);
}

// Tooltips: hover a grid over the default page (labels, figures with explanations, table rows, help markers) and
// capture each frame: ImGui ends the log at the tooltip's End(), so the capture ends with the tooltip.
TEST_F(ZhText, TooltipsDrawNoEnglishSentence) {
    page_.reset();  // one ImGui context at a time
    page_ = std::make_unique<Page>("zh", ImVec2(1280, 2000));
    page_->frames(3);
    std::set<std::string> tooltips;
    for (float y = 8; y < 2000; y += 24) {
        for (float x = 40; x < 1280; x += 200) {
            page_->hover(ImVec2(x, y));
            const std::string text = frame_text();
            check(text, "hovering " + std::to_string(int(x)) + "," + std::to_string(int(y)));
            // A tooltip frame's capture stops before the page's last lines: count the distinct endings.
            tooltips.insert(text.substr(text.size() > 200 ? text.size() - 200 : 0));
        }
    }
    EXPECT_GE(tooltips.size(), 6u) << "few tooltips opened: the grid missed them";
}

// The hardware picker's tooltip for every catalog card and CPU platform (hovering the picker box shows the
// chosen entry's tooltip): its notes come from the catalog's Chinese side, and no repository path shows.
// Before the notes were bilingual, every tooltip with notes drew them in English (issue #9).
TEST_F(ZhText, EveryHardwareTooltipShowsChineseNotesAndNoRepositoryPath) {
    page_.reset();  // one ImGui context at a time
    page_ = std::make_unique<Page>("zh", ImVec2(1280, 2000));
    page_->frames(3);
    const Catalog& c = *page_->state().catalog;
    size_t with_notes = 0;
    for (const Hardware& h : c.hardware) {
        page_->state().scenario.hardware_id = h.id;  // the tooltip reads the catalog entry the scenario names
        const std::string text = hovering_text({"hardware_panel", "##hardware"});
        ASSERT_FALSE(text.empty()) << h.id;
        check(text, "hardware tooltip " + h.id);
        for (const char* path : {"docs/references/", "docs/estimation.md", ".md §"})  // a URL's /docs/ is fine
            EXPECT_EQ(text.find(path), std::string::npos) << h.id << ": " << text;
        if (h.notes.zh.empty()) continue;
        ++with_notes;
        // The first three characters of the Chinese notes: too short for the tooltip to wrap inside them.
        size_t at = 0;
        for (int i = 0; i < 3 && at < h.notes.zh.size(); ++i) {
            unsigned int ch = 0;
            at += static_cast<size_t>(std::max(1, ImTextCharFromUtf8(&ch, h.notes.zh.c_str() + at,
                                                                       h.notes.zh.c_str() + h.notes.zh.size())));
        }
        EXPECT_NE(text.find(h.notes.zh.substr(0, at)), std::string::npos) << h.id << ": tooltip without its notes";
    }
    EXPECT_GE(with_notes, 50u);
}

// The weight and KV format tooltips name the docs a format's source cites by title ("来源：InferSizer 参考资料：
// 同类工具与公式 §4.1 权重字节 · https://…"), never by repository path; before, such a source was hidden.
TEST_F(ZhText, FormatTooltipsNameCitedDocsByTitleNotPath) {
    page_.reset();  // one ImGui context at a time
    page_ = std::make_unique<Page>("zh", ImVec2(1280, 2000));
    page_->frames(3);
    const Catalog& c = *page_->state().catalog;
    auto hover_text = [&](const char* box_label) {
        const std::string text = hovering_text({"model_panel", box_label});
        EXPECT_FALSE(text.empty()) << box_label;
        return text;
    };
    auto expect_named = [&](const std::string& text, const Text& label, const std::string& id) {
        check(text, "format tooltip " + id);
        for (const char* path : {"docs/references/", "docs/estimation.md", ".md §"})
            EXPECT_EQ(text.find(path), std::string::npos) << id << ": " << text;
        if (label.zh.empty()) return;
        // "来源：" and the label's first word, before the tooltip could wrap it.
        EXPECT_NE(text.find("来源：InferSizer"), std::string::npos) << id << ": " << text;
    };
    size_t labelled = 0;
    for (const WeightFormat& f : c.weight_formats) {
        page_->state().scenario.weights = f.id;
        expect_named(hover_text("##weights"), f.source_label, f.id);
        labelled += !f.source_label.zh.empty();
    }
    for (const KvFormat& f : c.kv_formats) {
        page_->state().scenario.kv_cache = f.id;
        expect_named(hover_text("##kv"), f.source_label, f.id);
        labelled += !f.source_label.zh.empty();
    }
    EXPECT_GE(labelled, 30u);  // every GGUF format and most others cite the references
}

// The engine list's tooltips name the source in the page's language. The catalog's source of an engine is English
// prose of its constants' provenance ("gpu_memory_utilization 0.9 (vLLM docs via …"), which the zh page showed
// (issue #9); the page now names it by the engine's bilingual source_label, through the same source_line_text the
// tooltip draws (hardware_panel.cpp).
TEST_F(ZhText, EngineTooltipsNameTheirSourcesInChinese) {
    const Catalog& c = *page_->state().catalog;
    for (const Engine& e : c.engines) {
        const std::string zh = source_line_text(e.source, e.source_label, Lang::zh);
        const std::string en = source_line_text(e.source, e.source_label, Lang::en);
        EXPECT_EQ(zh, "来源：" + e.source_label.zh) << e.id;
        EXPECT_EQ(en, "source: " + e.source_label.en) << e.id;
        check(zh, "engine tooltip " + e.id);
        EXPECT_TRUE(has_cjk(e.source_label.zh)) << e.id;
        EXPECT_EQ(zh.find(e.source.substr(0, 24)), std::string::npos) << e.id << ": the English source prose shows";
    }
    // Without a label the source itself shows, unless it is a repository path.
    EXPECT_EQ(source_line_text("docs/references/peers-and-formulas.md §4", Text{}, Lang::zh), "");
    EXPECT_EQ(source_line_text("https://example.org", Text{}, Lang::en), "source: https://example.org");
}

// No raw JSON in a warning: a pasted config.json that does not parse is named by line and column in the
// page's language, not by nlohmann's English what() that quotes the pasted text ("last read: '…'").
TEST(ZhTextWarnings, BadPastedConfigNamesLineAndColumnWithoutQuotingIt) {
    Page page("zh", ImVec2(1280, 1400));
    page.frames(3);
    ASSERT_TRUE(page.click(tr(S::paste_config, Lang::zh)));
    page.state().config_paste = "{\"model_type\": \"llama\",\n  \"hidden_size\": oops}";
    page.frames(1);
    ASSERT_TRUE(page.click(tr(S::read_config, Lang::zh)));
    const std::string& m = page.state().config_message.zh;
    EXPECT_FALSE(page.state().config_ok);
    EXPECT_NE(m.find("第 2 行"), std::string::npos) << m;
    EXPECT_EQ(m.find("oops"), std::string::npos) << m;
    EXPECT_EQ(m.find("json.exception"), std::string::npos) << m;
    EXPECT_EQ(m.find("last read"), std::string::npos) << m;
}

// The compact layout for ?embed=1 (embed.hpp), inputs folded and open, over every golden scenario.
TEST_F(ZhText, EmbedLayoutDrawsNoEnglishSentence) {
    app_set_page_flags(page_->app(), true, false);
    page_->state().inputs_open_embed = true;
    page_->frames(3);
    check(frame_text(), "embed layout");
    for (const Golden& g : golden_scenarios()) {
        ASSERT_EQ(app_set_scenario_json(page_->app(), g.scenario_json), "") << g.name;
        page_->frames(2);
        check(frame_text(), "embed layout, " + g.name);
    }
    EXPECT_GT(lines_, 100u);
}

}  // namespace
}  // namespace infersizer::app::test
