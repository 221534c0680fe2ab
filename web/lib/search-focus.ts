/**
 * Link state that opens the product search with its field focused: the home page's search bar is a link,
 * and its one tap should give a focused field with the history (not a second tap on the next page).
 */
export const focusSearchState = { focusSearch: true } as const;

export function wantsSearchFocus(state: unknown): boolean {
  return (state as Partial<typeof focusSearchState> | null)?.focusSearch === true;
}
