#[doc = " Search tasks across boards."]
#[doc = ""]
#[doc = "MCP tool name: `search`"]
#[doc = ""]
#[doc = "Output: the `200 application/json` response, as structured content, wrapped under `items`"]
#[doc = ""]
#[doc = "Wraps `GET /search` (operation `Search`) of *Taskboard API* version `1.4.0`.\n\n| Location | Name | Type | Required | Disposition | Reason / description |\n|---|---|---|---|---|---|\n| query | `q` | string | yes | Set as `q` | Words to search for |\n| query | `score_min` | number (float) | no | Set as `score_min` | Only results scoring at least this much |\n| query | `include_archived` (deprecated) | boolean | no | Omitted | archived boards are closed history; results from them mislead an agent planning work |\n"]
pub struct Search {
    pub q: String,
    pub score_min: Option<f32>,
}
const _: &[u8] = ::core::include_bytes!("$CATALOG_INDEX_DIR/taskboard.catalog-dir");
#[automatically_derived]
impl ::catalog::__private_v1::Accounted for Search {}
#[automatically_derived]
impl ::catalog::Tool for Search {
    const NAME: &'static str = "search";
    const DESCRIPTION: &'static str = "Search tasks across boards.\n\nNot available through this tool:\n- `include_archived`: archived boards are closed history; results from them mislead an agent planning work\n\nThe API returns a JSON array; the structured result holds it under `items`.";
    const INPUT_SCHEMA: &'static str = "{\"type\":\"object\",\"properties\":{\"q\":{\"description\":\"Words to search for\",\"type\":\"string\",\"minLength\":2},\"score_min\":{\"description\":\"Only results scoring at least this much\",\"type\":\"number\",\"format\":\"float\",\"minimum\":0,\"maximum\":1}},\"required\":[\"q\"],\"additionalProperties\":false}";
    const OUTPUT: ::core::option::Option<::catalog::ToolOutput> = ::core::option::Option::Some(
        ::catalog::ToolOutput {
            status: "200",
            media_type: "application/json",
            schema: "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"title\":{\"description\":\"One line that says what is to be done\",\"type\":\"string\",\"minLength\":1,\"maxLength\":200},\"status\":{\"type\":\"string\",\"enum\":[\"todo\",\"doing\",\"done\"]},\"description\":{\"description\":\"Details, in Markdown\",\"type\":[\"string\",\"null\"]},\"priority\":{\"description\":\"How urgent the task is; null when nobody decided\",\"type\":[\"string\",\"null\"],\"enum\":[\"low\",\"normal\",\"high\",null]},\"due\":{\"description\":\"The day it is due\",\"type\":\"string\",\"format\":\"date\"},\"estimate_hours\":{\"description\":\"Estimated work in hours\",\"type\":\"number\",\"format\":\"double\",\"minimum\":0},\"labels\":{\"description\":\"Labels, by name\",\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"assignee\":{\"description\":\"Who does it; null to unassign\",\"type\":[\"object\",\"null\"],\"properties\":{\"username\":{\"type\":\"string\"}},\"required\":[\"username\"]},\"metadata\":{\"description\":\"Integration data; free-form\",\"type\":\"object\"},\"id\":{\"type\":\"integer\",\"format\":\"int64\"}},\"required\":[\"title\",\"status\",\"id\"]}}},\"required\":[\"items\"]}",
            wrap: ::catalog::Wrap::Items,
            arms: &[],
        },
    );
    fn operation() -> &'static ::catalog::model::Operation {
        static OPERATION: ::std::sync::LazyLock<::catalog::model::Operation> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::operation(
                    "{\"op\":{\"id\":\"Search\",\"method\":\"GET\",\"path\":\"/search\",\"pointer\":\"#/paths/~1search/get\",\"summary\":\"Search tasks across boards\",\"params\":[{\"location\":\"query\",\"name\":\"q\",\"required\":true,\"description\":\"Words to search for\",\"schema\":{\"type\":\"string\",\"min_length\":2},\"pointer\":\"0\"},{\"location\":\"query\",\"name\":\"score_min\",\"description\":\"Only results scoring at least this much\",\"schema\":{\"type\":\"number\",\"format\":\"float\",\"minimum\":0.0,\"maximum\":1.0},\"pointer\":\"1\"},{\"location\":\"query\",\"name\":\"include_archived\",\"deprecated\":true,\"description\":\"Also search archived boards\",\"schema\":{\"type\":\"boolean\"},\"pointer\":\"2\"}],\"responses\":[{\"status\":\"200\",\"description\":\"Results\",\"content\":[{\"media_type\":\"application/json\"}],\"pointer\":\"#/paths/~1search/get/responses/200\"}],\"spec\":{\"stem\":\"taskboard\",\"title\":\"Taskboard API\",\"version\":\"1.4.0\",\"openapi\":\"3.0.3\",\"hash\":\"79c17413643a0f91\"}},\"rows\":[{\"at\":0,\"disposition\":{\"disposition\":\"set\",\"argument\":\"q\",\"field\":\"q\"}},{\"at\":1,\"disposition\":{\"disposition\":\"set\",\"argument\":\"score_min\",\"field\":\"score_min\"}},{\"at\":2,\"disposition\":{\"disposition\":\"omitted\",\"reason\":\"archived boards are closed history; results from them mislead an agent planning work\"}}],\"base\":\"#/paths/~1search/get/parameters/\"}",
                )
            });
        &OPERATION
    }
    fn input_schema() -> &'static ::catalog::__private_v1::Value {
        static SCHEMA: ::std::sync::LazyLock<::catalog::__private_v1::Value> =
            ::std::sync::LazyLock::new(|| {
                ::catalog::__private_v1::schema(<Search as ::catalog::Tool>::INPUT_SCHEMA)
            });
        &SCHEMA
    }
    fn from_arguments(
        args: ::catalog::__private_v1::Value,
    ) -> ::core::result::Result<Self, ::catalog::ArgumentError> {
        let mut __decoder = ::catalog::__private_v1::Decoder::new(Self::operation(), args);
        let mut __slot_q: ::core::option::Option<String> = ::core::option::Option::None;
        let mut __slot_score_min: ::core::option::Option<Option<f32>> =
            ::core::option::Option::None;
        while let ::core::option::Option::Some((__key, __value)) = __decoder.next() {
            match __key.as_str() {
                "q" => __slot_q = __decoder.value(0usize, "q", __value),
                "score_min" => __slot_score_min = __decoder.value(1usize, "score_min", __value),
                _ => __decoder.unknown(&__key),
            }
        }
        __decoder.finish()?;
        ::core::result::Result::Ok(Search {
            q: ::catalog::__private_v1::required(__slot_q, "q")?,
            score_min: ::core::option::Option::flatten(__slot_score_min),
        })
    }
    fn __given(
        &self,
    ) -> ::core::option::Option<
        ::std::vec::Vec<(
            &'static str,
            ::core::option::Option<::catalog::__private_v1::Value>,
        )>,
    > {
        ::core::option::Option::Some(::std::vec![
            (
                "q",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg(&self.q))
            ),
            (
                "score_min",
                ::catalog::__private_v1::given(::catalog::__private_v1::arg_option(
                    &self.score_min,
                    false
                ))
            )
        ])
    }
    fn to_request(
        &self,
    ) -> ::core::result::Result<::catalog::__private_v1::Request, ::catalog::RequestError> {
        static PLAN: ::std::sync::OnceLock<::catalog::__private_v1::Plan> =
            ::std::sync::OnceLock::new();
        ::catalog::__private_v1::request(
            Self::operation(),
            &PLAN,
            &[
                ("q", ::catalog::__private_v1::arg(&self.q)),
                (
                    "score_min",
                    ::catalog::__private_v1::arg_option(&self.score_min, false),
                ),
            ],
        )
    }
}
