import { useSearchParams } from "react-router";

/** The page sizes a paged table offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The page and page size kept in a page address (`?page=2&pageSize=50`). A missing or bad value
 * (not a whole number, below 1, a size the table does not offer) gives page 1 and the default size.
 */
export function pagingFromParams(
  params: URLSearchParams,
  defaults: { pageSize: number; sizes?: readonly number[] },
): { page: number; pageSize: number } {
  const page = Number(params.get("page"));
  const pageSize = Number(params.get("pageSize"));
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (defaults.sizes ?? PAGE_SIZES).includes(pageSize) ? pageSize : defaults.pageSize,
  };
}

/**
 * The page and page size of a page's one paged list, kept in its address; `onPage` moves to
 * another page or size (the address then holds both, and nothing else).
 */
export function usePagingParams(defaults: { pageSize: number; sizes?: readonly number[] }) {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, defaults);
  const onPage = (nextPage: number, nextSize: number) =>
    setParams({ page: String(nextPage), pageSize: String(nextSize) });
  return { page, pageSize, onPage };
}
