// test_json_reader.cpp — the one JSON field reader (json_reader.hpp) as the catalog, the scenario and config.json
// use it: one rule gives one message in every family, each family keeps its ids and its documented wording; the
// one hardware-kind table (catalog.hpp) and the units (units.hpp).
//
// Sections: [one rule, three readers] [families] [reads] [kind table] [units]
#include "bundled_catalog.hpp"
#include "catalog_json.hpp"
#include "context.hpp"
#include "hf_config.hpp"
#include "json_reader.hpp"
#include "scenario_json.hpp"
#include "scenario_url.hpp"
#include "units.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace infersizer {
namespace {

using json = nlohmann::json;
using json_read::Need;
using json_read::Reader;

std::string scenario_error(const json& j) {
    auto s = scenario_from_json(j);
    return s ? std::string("(no error)") : s.error().to_string();
}

std::string config_error(const json& config) {
    auto m = model_from_hf_config(config, "m", "scenario.model.hf_config");
    return m ? std::string("(no error)") : m.error().to_string();
}

std::string user_catalog_error(const json& doc) {
    auto c = merge_catalog(bundled::catalog(), doc.dump());
    return c ? std::string("(no error)") : c.error().to_string();
}

const json kLlama = {{"model_type", "llama"},       {"hidden_size", 64}, {"num_hidden_layers", 2},
                     {"num_attention_heads", 4},    {"vocab_size", 100}, {"intermediate_size", 128},
                     {"max_position_embeddings", 4096}};

json catalog_model(const json& edits) {
    json m = {{"id", "tiny"},          {"role", "chat"},         {"num_hidden_layers", 2}, {"hidden_size", 64},
              {"num_attention_heads", 4}, {"vocab_size", 100},   {"intermediate_size", 128},
              {"source", "test"}};
    m.update(edits);
    return json{{"models", json::array({m})}};
}

// Every error of one read through `ids` of a document holding {key: value}.
std::vector<std::string> read_errors(const json_read::ErrorIds& ids, const json& doc,
                                     const std::function<void(const Reader&)>& read) {
    Errors errors;
    read(Reader(doc, "", "doc", errors, ids));
    std::vector<std::string> out;
    for (const Error& e : errors) out.push_back(e.to_string());
    return out;
}

// ---------------------------------------------------------------------------------------------------
// [one rule, three readers] the public readers word one kind of problem the same way
// ---------------------------------------------------------------------------------------------------
TEST(JsonReaderFamilies, AnIntegerOutOfRangeIsARangeErrorInEveryReader) {
    EXPECT_EQ(user_catalog_error(catalog_model({{"num_hidden_layers", -3}})),
              "[catalog.range] user catalog: models[0].num_hidden_layers: must be a positive integer, got -3");
    json config = kLlama;
    config["num_hidden_layers"] = -3;
    EXPECT_EQ(config_error(config), "[hf_config.range] scenario.model.hf_config.num_hidden_layers: must be an integer "
                                    "from 1 to 1000, got -3");
    EXPECT_EQ(scenario_error({{"concurrency", -3}}),
              "[scenario.range] scenario.concurrency: must be an integer from 1 to 100000, got -3");
    EXPECT_EQ(scenario_error({{"model", {{"layers", -3}, {"params_b", 1}}}}),
              "[model.range] scenario.model.layers: must be an integer from 1 to 1000, got -3");
}

TEST(JsonReaderFamilies, AStringForANumberIsATypeErrorWhereTheFamilySaysSo) {
    // The catalog and config.json file it under type; the scenario under range (its message states the range).
    EXPECT_EQ(user_catalog_error(catalog_model({{"hidden_size", "big"}})),
              "[catalog.type] user catalog: models[0].hidden_size: must be a positive integer, got \"big\"");
    json config = kLlama;
    config["hidden_size"] = "big";
    EXPECT_EQ(config_error(config),
              "[hf_config.type] scenario.model.hf_config.hidden_size: must be an integer, got \"big\"");
    EXPECT_EQ(scenario_error({{"context_tokens", "big"}}),
              "[scenario.range] scenario.context_tokens: must be an integer from 2 to 10000000, got \"big\"");
}

TEST(JsonReaderFamilies, AnUnknownKindIsOneMessageWithTheTablesNames) {
    json user = {{"accelerators", json::array({{{"id", "x"},
                                                {"vendor", "v"},
                                                {"name", "n"},
                                                {"market", "consumer"},
                                                {"kind", "tpu"},
                                                {"source", "s"}}})}};
    EXPECT_EQ(user_catalog_error(user),
              "[catalog.range] user catalog: accelerators[0].kind: must be one of gpu, npu, unified; got \"tpu\"");
    EXPECT_EQ(scenario_error({{"hardware", {{"kind", "tpu"}}}}),
              "[scenario.range] scenario.hardware.kind: must be one of gpu, npu, cpu, unified, got \"tpu\"");
}

// ---------------------------------------------------------------------------------------------------
// [families] one rule through each family's ErrorIds
// ---------------------------------------------------------------------------------------------------
TEST(JsonReaderFamilies, OneRuleGivesOneMessageInEveryFamily) {
    const json_read::NumberRule rule = json_read::integers_from(1, 64);
    const json doc = {{"n", 100}};
    const auto read = [&](const Reader& r) { r.number("n", rule, Need::if_given); };
    EXPECT_EQ(read_errors(json_read::kCatalogErrorIds, doc, read),
              std::vector<std::string>{"[catalog.range] doc.n: must be an integer from 1 to 64, got 100"});
    EXPECT_EQ(read_errors(json_read::kScenarioErrorIds, doc, read),
              std::vector<std::string>{"[scenario.range] doc.n: must be an integer from 1 to 64, got 100"});
    EXPECT_EQ(read_errors(json_read::kConfigErrorIds, doc, read),
              std::vector<std::string>{"[hf_config.range] doc.n: must be an integer from 1 to 64, got 100"});
    EXPECT_EQ(read_errors(json_read::kExplicitModelErrorIds, doc, read),
              std::vector<std::string>{"[model.range] doc.n: must be an integer from 1 to 64, got 100"});
}

TEST(JsonReaderFamilies, EachFamilyKeepsItsDocumentedWording) {
    const json doc = {{"n", 2.5}, {"s", ""}, {"long", std::string(80, 'x')}, {"k", 5}};
    const auto read = [](const Reader& r) {
        r.number("n", json_read::integers_from(1, 64), Need::optional);
        r.string("s", Need::required);
        r.number("long", json_read::kPositive, Need::optional);
        r.enumerated("k", {"a", "b"}, Need::optional);
    };
    EXPECT_EQ(read_errors(json_read::kCatalogErrorIds, doc, read),
              (std::vector<std::string>{
                  "[catalog.type] doc.n: must be an integer from 1 to 64 or null, got 2.5",
                  "[catalog.range] doc.s: must be a non-empty string, got \"\"",
                  "[catalog.type] doc.long: must be a positive number or null, got \"" + std::string(56, 'x') + "...",
                  "[catalog.type] doc.k: must be one of a, b or null; got 5"}));
    EXPECT_EQ(read_errors(json_read::kScenarioErrorIds, doc, read),
              (std::vector<std::string>{
                  "[scenario.range] doc.n: must be an integer from 1 to 64, got 2.5",
                  "[scenario.type] doc.s: must be a non-empty string, got \"\"",
                  "[scenario.range] doc.long: must be a positive number, got \"" + std::string(56, 'x') + "...",
                  "[scenario.range] doc.k: must be one of a, b, got 5"}));
    EXPECT_EQ(read_errors(json_read::kConfigErrorIds, doc, read),
              (std::vector<std::string>{
                  "[hf_config.type] doc.n: must be an integer from 1 to 64, got 2.5",
                  "[hf_config.range] doc.s: must be a non-empty string, got \"\"",
                  "[hf_config.type] doc.long: must be a positive number, got \"" + std::string(36, 'x') + "...",
                  "[hf_config.type] doc.k: must be one of a, b, got 5"}));
}

TEST(JsonReaderFamilies, UnknownKeysAreWordedByFamily) {
    const json doc = {{"a", 1}, {"zz", 2}};
    const auto read = [](const Reader& r) { r.only_keys({"a", "b"}); };
    EXPECT_EQ(read_errors(json_read::kCatalogErrorIds, doc, read),
              std::vector<std::string>{"[catalog.range] doc.zz: unknown key \"zz\"; accepted: a, b"});
    EXPECT_EQ(read_errors(json_read::kScenarioErrorIds, doc, read),
              std::vector<std::string>{"[scenario.unknown_field] doc.zz: unknown field; accepted: a, b"});
}

// ---------------------------------------------------------------------------------------------------
// [reads]
// ---------------------------------------------------------------------------------------------------
TEST(JsonReaderReads, IfGivenTakesAbsenceButNotNull) {
    Errors errors;
    const json doc = {{"x", nullptr}};
    const Reader r(doc, "", "scenario", errors, json_read::kScenarioErrorIds);
    EXPECT_FALSE(r.number("absent", json_read::kPositive, Need::if_given).has_value());
    EXPECT_TRUE(errors.empty());
    EXPECT_FALSE(r.number("x", json_read::kPositive, Need::if_given).has_value());
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].to_string(), "[scenario.range] scenario.x: must be a positive number, got null");
    EXPECT_FALSE(r.number("x", json_read::kPositive, Need::optional).has_value());  // optional: null is absent
    EXPECT_EQ(errors.size(), 1u);
}

TEST(JsonReaderReads, IntegersFromAcceptIntegralFloatsCatalogIntegersDoNot) {
    Errors errors;
    const json doc = {{"n", 8192.0}};
    const Reader r(doc, "f", "", errors);
    EXPECT_EQ(r.number("n", json_read::integers_from(1, 10000), Need::required), 8192.0);
    EXPECT_TRUE(errors.empty());
    EXPECT_EQ(r.count("n", json_read::kPositiveInt, Need::required), 0);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].to_string(), "[catalog.type] f: n: must be a positive integer, got 8192.0");
}

TEST(JsonReaderReads, NumbersFromWriteTheirBoundsAsTheScenarioAlwaysHas) {
    EXPECT_EQ(json_read::numbers_from(0.01, 1e6).what, "a number from 0.01 to 1e+06");
    EXPECT_EQ(json_read::numbers_from(0, 0.5).what, "a number from 0 to 0.5");
    EXPECT_EQ(json_read::integers_from(128, 10'000'000).what, "an integer from 128 to 10000000");
}

TEST(JsonReaderReads, ArrayItemsAreReadInOrderWithTheirErrors) {
    Errors errors;
    const json doc = {{"items", json::array({json{{"n", 1}}, 5, json{{"n", -1}}})}};
    const Reader r(doc, "", "doc", errors, json_read::kScenarioErrorIds);
    std::vector<std::string> paths;
    r.each_object("items", Need::required, [&](const Reader& item) {
        paths.push_back(item.path());
        item.number("n", json_read::kPositive, Need::required);
    });
    EXPECT_EQ(paths, (std::vector<std::string>{"doc.items[0]", "doc.items[2]"}));
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].to_string(), "[scenario.type] doc.items[1]: must be an object, got 5");
    EXPECT_EQ(errors[1].to_string(), "[scenario.range] doc.items[2].n: must be a positive number, got -1");
}

TEST(JsonReaderReads, ScenarioReportsUnknownKeysFirst) {
    EXPECT_EQ(scenario_error(json::parse(R"({"targets": {"ttft_s": 0, "zzz": 1}})")),
              "[scenario.unknown_field] scenario.targets.zzz: unknown field; accepted: ttft_s, tps_per_user, "
              "no_latency_target");
    EXPECT_EQ(scenario_error(json::parse(R"({"concurrency": 0, "zzz": 1})")).rfind("[scenario.unknown_field] scenario.zzz", 0),
              0u);
}

TEST(JsonReaderReads, AValueThatIsNotUtf8IsShownNotThrown) {
    // A URL parameter decodes to any bytes; the message shows them replaced instead of escaping the core.
    UrlParse p;
    EXPECT_NO_THROW(p = scenario_from_query("lengths=%FF"));
    ASSERT_EQ(p.errors.size(), 1u);
    // Refused before the scenario parser sees it (issue #13): a URL's text must be UTF-8.
    EXPECT_EQ(p.errors[0].cli_line(), "error: url.lengths: must be UTF-8 text (percent-encoded)");
}

// ---------------------------------------------------------------------------------------------------
// [kind table]
// ---------------------------------------------------------------------------------------------------
TEST(HardwareKindTable, NamesRoundTripAndClassifyEveryKind) {
    for (HardwareKind k : {HardwareKind::gpu, HardwareKind::npu, HardwareKind::unified, HardwareKind::cpu})
        EXPECT_EQ(hardware_kind_from_name(hardware_kind_name(k)), k);
    EXPECT_FALSE(hardware_kind_from_name("tpu").has_value());
    EXPECT_FALSE(hardware_kind_from_name("GPU").has_value());
    EXPECT_EQ(hardware_kind_names(), (std::vector<std::string>{"gpu", "npu", "cpu", "unified"}));
    EXPECT_EQ(hardware_kind_names(true), (std::vector<std::string>{"gpu", "npu", "unified"}));
    EXPECT_EQ(efficiency_class_names(), (std::vector<std::string>{"gpu", "cpu", "unified"}));
    EXPECT_STREQ(hardware_efficiency_class(HardwareKind::npu), "gpu");
    EXPECT_STREQ(hardware_efficiency_class(HardwareKind::unified), "unified");
    EXPECT_STREQ(hardware_efficiency_class(HardwareKind::cpu), "cpu");
}

TEST(HardwareKindTable, ScenarioCatalogAndContextAgree) {
    // An NPU typed by the user is spelled "npu" back and uses the engine's GPU ranges.
    auto s = scenario_from_json(json::parse(
        R"({"engine": "vllm", "weights": "bf16", "hardware": {"kind": "npu", "memory_gib": 64, "bandwidth_gbs": 1600, "fp16_tflops": 300}})"));
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    EXPECT_EQ(scenario_to_json(*s)["hardware"]["kind"], "npu");
    auto ctx = resolve(bundled::catalog(), *s);
    ASSERT_TRUE(ctx.ok()) << ctx.error().to_string();
    EXPECT_EQ(ctx->hardware_class(), "gpu");
    for (const Hardware& h : bundled::catalog().hardware)
        EXPECT_EQ(h.is_cpu(), !hardware_kind_info(h.kind).accelerator) << h.id;
}

TEST(ModelRoleTable, NamesRoundTrip) {
    for (const std::string& name : model_role_names()) EXPECT_EQ(model_role_name(*model_role_from_name(name)), name);
    EXPECT_FALSE(model_role_from_name("vision").has_value());
}

// ---------------------------------------------------------------------------------------------------
// [units]
// ---------------------------------------------------------------------------------------------------
TEST(Units, BinaryAndDecimalSizes) {
    EXPECT_EQ(units::kKiB, 1024.0);
    EXPECT_EQ(units::kGiB, 1073741824.0);
    EXPECT_EQ(units::kMiBPerGiB, 1024.0);
    EXPECT_EQ(units::kGB, 1e9);
    EXPECT_EQ(units::kTera, 1e12);
    EXPECT_EQ(units::kGiB / units::kGB, 1.073741824);
}

}  // namespace
}  // namespace infersizer
