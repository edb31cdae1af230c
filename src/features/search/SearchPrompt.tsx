/** The search page without a term: a search prompt, with a box to type one. */
import SearchBox from './SearchBox.tsx';

export default function SearchPrompt({ onSearch }: { onSearch: (q: string) => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center md:py-20" data-testid="search-prompt">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">Search the store</h1>
      <p className="mt-2 text-stone-600">Type a product, brand or category to find what you need.</p>
      <form role="search" aria-label="Search the store" onSubmit={(e) => e.preventDefault()} className="mt-6 text-left">
        <SearchBox id="search-page-q" initial="" onSearch={onSearch} />
      </form>
    </div>
  );
}
