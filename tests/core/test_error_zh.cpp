// test_error_zh.cpp — every error the core's readers give has a Chinese sentence with the same facts.
//
// A table of bad inputs reaches each reader and each way it fails: the field reader's methods in every family of
// documents, a scenario, URL parameters, a published config.json, an explicit architecture, custom hardware,
// unknown catalog ids and a user catalog. For each error the Chinese (Error::message_in("zh")) must exist (the
// grammar in error_text.cpp knew it), contain CJK, hold no run of three English words, and never quote the JSON
// of an offending object or array; the English stays the English.
#include "../zh_text_classifier.hpp"
#include "catalog_json.hpp"
#include "error_text.hpp"
#include "hf_config.hpp"
#include "json_reader.hpp"
#include "scenario_url.hpp"
#include "support.hpp"

#include <cctype>
#include <cstring>
#include <functional>

namespace infersizer::test {
namespace {

using json = nlohmann::json;
using json_read::Need;
using json_read::Reader;

using zh_text::english_run;
using zh_text::has_cjk;

// The offending values the table feeds: their JSON must never reach a message.
const json kObject = json::parse(R"({"zz_object": [7, 8, 9]})");
const json kArray = json::parse(R"([7, {"k": 1}, 8, 9, 10])");

void expect_chinese(const Error& e) {
    SCOPED_TRACE(e.to_string());
    const std::string zh = e.message_in("zh");
    EXPECT_FALSE(error_message_zh(e.message).empty()) << "no Chinese for: " << e.message;
    EXPECT_TRUE(has_cjk(zh)) << zh;
    EXPECT_LT(english_run(zh), 3) << zh;
    for (const char* raw : {"zz_object", "[7", "\"k\""}) {
        EXPECT_EQ(zh.find(raw), std::string::npos) << zh;
        EXPECT_EQ(e.message.find(raw), std::string::npos) << e.message;
    }
    EXPECT_EQ(e.message_in("en"), e.message);
}

// Every read of `read` in every family, over `doc`.
Errors read_all(const json& doc, const std::function<void(const Reader&)>& read) {
    Errors errors;
    for (const json_read::ErrorIds* ids : {&json_read::kCatalogErrorIds, &json_read::kScenarioErrorIds,
                                           &json_read::kConfigErrorIds, &json_read::kExplicitModelErrorIds})
        read(Reader(doc, "file.json", "doc", errors, *ids));
    return errors;
}

TEST(ErrorZh, EveryFieldReaderFailureHasChinese) {
    const json doc = {{"s", "lots"},   {"neg", -3},       {"frac", 2.5},     {"big", 1e9},   {"obj", kObject},
                      {"arr", kArray}, {"empty", ""},     {"nul", nullptr},  {"num", 4},     {"t", true},
                      {"iv", {5, 1}},  {"iv3", {1, 2, 3}}, {"none", json::array()}, {"unknown_key", 1}};
    const std::vector<json_read::NumberRule> rules = {
        json_read::kPositive,       json_read::kNonNegative,   json_read::kFraction,
        json_read::kPositiveInt,    json_read::kNonNegativeInt, json_read::kBitsPerWeight,
        json_read::kBytesPerElement, json_read::kAnyNumber,    json_read::numbers_from(0.01, 1e6),
        json_read::numbers_from(0.1, 1e5, "a number of billions"), json_read::integers_from(1, 100000)};
    const Errors errors = read_all(doc, [&](const Reader& r) {
        for (const auto& rule : rules)
            for (const char* key : {"s", "neg", "frac", "big", "obj", "arr", "missing"})
                for (Need need : {Need::required, Need::optional, Need::if_given}) r.number(key, rule, need);
        for (const char* key : {"num", "obj", "arr", "empty", "missing"})
            for (Need need : {Need::required, Need::optional, Need::if_given}) {
                r.string(key, need);
                r.enumerated(key, {"fixed", "varied"}, need);
                r.enumerated(key, {"a", "b"}, need, json_read::ChoiceWords{"\"fixed\" or \"varied\""});
                r.flag(key, need);
                r.child(key, need);
                r.child(key, need, "an object {\"ttft_s\", \"tps_per_user\"}");
                r.array(key, need);
                r.each_object(key, need, [](const Reader&) {});
            }
        r.each_object("arr", Need::required, [](const Reader&) {});
        const std::vector<std::string> kinds = {"gpu", "cpu"};
        for (const char* key : {"num", "arr", "none", "missing", "s"}) {
            r.strings(key);
            r.strings(key, &kinds);
            r.interval(key, json_read::kAmountRange);
            r.source(key);
            r.notes(key);
            r.text(key);
        }
        r.interval("iv", json_read::kFractionRange);
        r.interval("iv", json_read::kPositiveRange);
        r.interval("iv3", json_read::kPositiveRange);
        r.source("empty");
        r.only_keys({"s", "neg"});
    });
    ASSERT_GT(errors.size(), 200u);
    for (const Error& e : errors) expect_chinese(e);
}

TEST(ErrorZh, DocumentsThatAreNotJsonOrNotObjectsHaveChinese) {
    Errors errors;
    json_read::parse_document("{\"schema\": ", "models.json", errors);
    json_read::parse_document("[1, {\"k\": 2}]", "models.json", errors);
    json_read::parse_document("", "models.json", errors);
    json_read::expect_object(kArray, "scenario", errors, json_read::kScenarioErrorIds);
    ASSERT_EQ(errors.size(), 4u);
    for (const Error& e : errors) expect_chinese(e);
    EXPECT_EQ(errors[0].message_in("zh"), "不是有效的 JSON（第 1 行第 12 列）");
}

TEST(ErrorZh, BadScenariosHaveChinese) {
    const std::vector<std::string> docs = {
        "not json",
        "[1, 2]",
        R"({"schema": "infersizer.scenario/9"})",
        R"({"modles": "x"})",
        R"({"concurrency": -3})",
        R"({"concurrency": 2.5})",
        R"({"concurrency": "many"})",
        R"({"model": 7})",
        R"({"model": ""})",
        R"({"hardware": [1, 2]})",
        R"({"hardware": {"kind": "gpu"}})",
        R"({"hardware": {"name": "x"}})",
        R"({"hardware": {"kind": "tpu"}})",
        R"({"targets": [1]})",
        R"({"targets": {"ttft_s": 0}})",
        R"({"traffic": {"lengths": "random"}})",
        R"({"traffic": {"lengths": {"zz_object": 1}}})",
        R"({"colocated": [{}]})",
        R"({"colocated": [1]})",
        R"({"colocated": [{"name": "a", "params_b": 1e9}]})",
        R"({"pricing": {"gpu": 5}})",
        R"({"context_tokens": {"zz_object": [7]}})",
        R"({"model": {"hf_config": [1]}})",
        R"({"model": {"hf_config": {"model_type": "llama"}}})",
        R"({"model": {"layers": 2}})",
        R"({"model": {"zz": 1}})",
    };
    std::string colocated = R"({"colocated": [)";
    for (int i = 0; i < 17; ++i) colocated += std::string(i ? "," : "") + R"({"name": "a", "params_b": 1})";
    std::vector<std::string> all = docs;
    all.push_back(colocated + "]}");
    for (const std::string& d : all) {
        SCOPED_TRACE(d);
        auto s = scenario_from_json_text(d);
        ASSERT_FALSE(s.ok());
        expect_chinese(s.error());
    }
}

TEST(ErrorZh, BadUrlParametersHaveChinese) {
    const UrlParse p = scenario_from_query(
        "concurrency=abc&count=many&fp8=maybe&lang=fr&nope=1&model=%7B%22zz_object%22&concurrency=-4"
        "&context_tokens=1.5&hardware=%5B1%5D");
    ASSERT_GE(p.errors.size(), 8u);
    for (const Error& e : p.errors) expect_chinese(e);
}

TEST(ErrorZh, UnknownIdsHaveChinese) {
    const std::vector<std::string> docs = {
        R"({"model": "no-such-model"})",
        R"({"weights": "q9"})",
        R"({"engine": "warp"})",
        R"({"kv_cache": "fp3"})",
        R"({"hardware": "no-such-card"})",
        R"({"hardware": {"based_on": "no-such-card"}})",
        R"({"pricing": {"gpu": "nobody"}})",
        R"({"pricing": {"api": "nobody/none"}})",
        R"({"model": "bge-m3"})",
        R"({"model": "bge-reranker-v2-m3"})",
        R"({"model": "whisper-large-v3"})",
    };
    for (const std::string& d : docs) {
        SCOPED_TRACE(d);
        auto s = scenario_from_json_text(d);
        ASSERT_TRUE(s.ok()) << s.error().to_string();
        auto ctx = resolve(cat(), *s);
        ASSERT_FALSE(ctx.ok());
        expect_chinese(ctx.error());
    }
    auto s = scenario_from_json_text(R"({"model": ")" + std::string(200, 'x') + R"("})");
    ASSERT_TRUE(s.ok());
    auto ctx = resolve(cat(), *s);
    ASSERT_FALSE(ctx.ok());
    EXPECT_LT(ctx.error().message_in("zh").find("xxx"), 60u);
    EXPECT_EQ(ctx.error().message_in("zh").find(std::string(60, 'x')), std::string::npos);  // cut
}

TEST(ErrorZh, BadConfigJsonHasChinese) {
    const json llama = {{"model_type", "llama"},    {"hidden_size", 64}, {"num_hidden_layers", 2},
                        {"num_attention_heads", 4}, {"vocab_size", 100}, {"intermediate_size", 128},
                        {"max_position_embeddings", 4096}};
    std::vector<json> configs;
    auto edited = [&](const json& edits, const std::vector<std::string>& drop = {}) {
        json c = llama;
        c.update(edits);
        for (const auto& k : drop) c.erase(k);
        configs.push_back(c);
    };
    edited(json::object(), {"hidden_size"});
    edited({{"num_key_value_heads", 3}});
    edited({{"hidden_size", 66}}, {});
    edited({{"hidden_size", "wide"}});
    edited({{"hidden_size", kObject}});
    edited({{"num_hidden_layers", -1}});
    edited({{"tie_word_embeddings", "yes"}});
    edited({{"layer_types", 5}});
    edited({{"model_type", "qwen2_moe"}});
    edited({{"model_type", "deepseek_v3"}});
    edited({{"model_type", "chatglm"}});
    edited({{"model_type", ""}}, {"model_type"});
    for (const json& c : configs) {
        SCOPED_TRACE(c.dump());
        auto m = model_from_hf_config(c, "custom", "config.json");
        if (m.ok()) continue;  // a family that reads the shape differently may accept the edit
        expect_chinese(m.error());
    }
    auto not_object = model_from_hf_config(kArray, "custom", "config.json");
    ASSERT_FALSE(not_object.ok());
    expect_chinese(not_object.error());

    const json shape = {{"layers", 2}, {"hidden", 64}, {"heads", 4}, {"vocab", 100}, {"intermediate", 128}};
    std::vector<json> explicit_models = {json::object(), json{{"layers", 2}}, kArray};
    auto with = [&](const json& edits) {
        json m = shape;
        m.update(edits);
        explicit_models.push_back(m);
    };
    with({{"kv_heads", 3}});
    with({{"experts", 8}, {"experts_per_tok", 9}});
    with({{"kv_lora_rank", 512}});
    with({{"sliding_layers", 5}});
    with({{"params_b", 1}, {"active_params_b", 2}});
    with({{"hidden", "wide"}});
    int failed = 0;
    for (const json& m : explicit_models) {
        SCOPED_TRACE(m.dump());
        auto arch = model_from_explicit(m, "model");
        if (arch.ok()) continue;
        ++failed;
        expect_chinese(arch.error());
    }
    EXPECT_GE(failed, 8);
}

TEST(ErrorZh, BadUserCatalogsHaveChinese) {
    const json model = {{"id", "tiny"},  {"role", "chat"},           {"num_hidden_layers", 2}, {"hidden_size", 64},
                        {"num_attention_heads", 4}, {"vocab_size", 100}, {"intermediate_size", 128},
                        {"source", "test"}};
    std::vector<json> docs;
    auto with = [&](const json& edits, const std::vector<std::string>& drop = {}) {
        json m = model;
        m.update(edits);
        for (const auto& k : drop) m.erase(k);
        docs.push_back(json{{"models", json::array({m})}});
    };
    with({{"num_key_value_heads", 3}});
    with({{"hidden_size", 66}}, {"head_dim"});
    with({{"n_routed_experts", 8}});
    with({{"n_routed_experts", 8}, {"num_experts_per_tok", 9}, {"moe_intermediate_size", 8}});
    with({{"n_routed_experts", 8}, {"num_experts_per_tok", 2}, {"moe_intermediate_size", 8}, {"first_k_dense_replace", 9}});
    with({{"n_sliding_layers", 9}});
    with({{"n_sliding_layers", 1}});
    with({{"n_sliding_layers", 1}, {"sliding_window", 0}});
    with({{"params_override", 1}, {"active_params_override", 2}});
    with(json::object(), {"intermediate_size"});
    with({{"role", "poet"}, {"source", kArray}});
    docs.push_back(json{{"schema", 5}});
    docs.push_back(json{{"models", kObject}});
    docs.push_back(json{{"gpu_rental", json::array({json{{"provider", "p"}, {"gpu", "h100-sxm"}}})}});
    docs.push_back(json{{"models", json::array({model, model})}});  // one id twice
    json rental = json::parse(bundled::files().prices)["gpu_rental"][0];
    rental["hardware_id"] = "no-such-card";
    docs.push_back(json{{"gpu_rental", json::array({rental})}});
    rental = json::parse(bundled::files().prices)["gpu_rental"][0];
    rental["price_per_gpu_hour"] = nullptr;
    rental["price_per_gpu_hour_low"] = 3;
    rental["price_per_gpu_hour_high"] = 2;
    docs.push_back(json{{"gpu_rental", json::array({rental})}});
    size_t checked = 0;
    for (const json& d : docs) {
        SCOPED_TRACE(d.dump());
        Errors errors;
        auto c = merge_catalog(cat(), d.dump(), &errors);
        EXPECT_FALSE(c.ok());
        for (const Error& e : errors) expect_chinese(e), ++checked;
    }
    EXPECT_GE(checked, docs.size());
}

TEST(ErrorZh, ChineseKeepsTheFacts) {
    auto s = scenario_from_json_text(R"({"concurrency": -3})");
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message, "must be an integer from 1 to 100000, got -3");
    EXPECT_EQ(s.error().message_in("zh"), "必须是 1 到 100000 之间的整数，实际为 -3");
    EXPECT_EQ(s.error().cli_line_in("zh"), "错误：scenario.concurrency：必须是 1 到 100000 之间的整数，实际为 -3");
    EXPECT_EQ(s.error().cli_line_in("en"), s.error().cli_line());
    EXPECT_EQ(s.error().located_in("zh"), "scenario.concurrency：必须是 1 到 100000 之间的整数，实际为 -3");
    EXPECT_EQ(s.error().located_in("en"), "scenario.concurrency: must be an integer from 1 to 100000, got -3");

    auto obj = scenario_from_json_text(R"({"traffic": {"lengths": {"zz_object": [7, 8, 9]}}})");
    ASSERT_FALSE(obj.ok());
    EXPECT_EQ(obj.error().message, "must be \"fixed\" or \"varied\", got an object");
    EXPECT_EQ(obj.error().message_in("zh"), "必须是 \"fixed\" 或 \"varied\"，实际为对象");
}

}  // namespace
}  // namespace infersizer::test
