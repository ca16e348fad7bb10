/**
 * Rich text from the editor (blog, content, events, forums, categories, dashboard). Elements nest at most
 * RICH_TEXT_MAX_DEPTH deep: the editor's deepest lists stay far below, and the parser's cost grows with the
 * depth (issue 30, decision 0114).
 */
export const RICH_TEXT_MAX_DEPTH = 100;

export const RICH_TEXT_MESSAGES = {
  tooDeep: `Der Text ist zu tief verschachtelt (höchstens ${RICH_TEXT_MAX_DEPTH} Ebenen).`,
} as const;
