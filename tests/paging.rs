//! The paging rule (see `catalog_core::check::paging`): a list tool that cannot page compiles
//! when a reason says how an agent reaches the rest, and its description tells the agent that
//! the result is one page. The compile error for a tool that does not say it is pinned in
//! `tests/ui/accounting/one-page-unexplained.stderr`.

use catalog::{Tool, tool};

/// The newest tasks of a board.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "query.page",
        reason = "only the first page of 20 tasks: an agent narrows with `status` or `label` to see the rest"
    ),
    omitted(
        "query.per_page",
        reason = "the server's default page of 20 tasks fits in one answer"
    ),
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct FirstTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
}

/// Every task of a board, a page at a time.
#[tool(
    spec = "taskboard",
    operation = "ListTasks",
    omitted(
        "header.X-Request-Id",
        reason = "request ids only help the server's own operators"
    )
)]
pub struct PagedTasks {
    pub board_id: String,
    pub status: Option<Vec<String>>,
    pub label: Option<Vec<String>>,
    pub assignee: Option<Option<String>>,
    pub page: Option<u32>,
    pub per_page: Option<u8>,
}

#[test]
fn a_tool_that_cannot_page_tells_the_agent_the_result_is_one_page_and_how_to_reach_the_rest() {
    assert_eq!(
        FirstTasks::DESCRIPTION,
        "The newest tasks of a board.\n\n\
         This tool returns one page of results and cannot ask for another (`page`, `per_page`): \
         only the first page of 20 tasks: an agent narrows with `status` or `label` to see the \
         rest\n\n\
         Not available through this tool:\n\
         - `X-Request-Id`: request ids only help the server's own operators\n\n\
         The API returns a JSON array; the structured result holds it under `items`."
    );
}

#[test]
fn a_tool_that_can_page_says_nothing_of_pages() {
    assert_eq!(
        PagedTasks::DESCRIPTION,
        "Every task of a board, a page at a time.\n\n\
         Not available through this tool:\n\
         - `X-Request-Id`: request ids only help the server's own operators\n\n\
         The API returns a JSON array; the structured result holds it under `items`."
    );
}
