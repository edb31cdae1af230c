/** The wishlist page's island, with an error screen around it (a store write refused by the browser). */
import { Component, type ReactNode } from 'react';
import WishlistView from './WishlistView.tsx';

class WishlistErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">Oops! Something went wrong</h1>
        <button type="button" onClick={() => location.reload()} className="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">
          Try Again
        </button>
      </div>
    );
  }
}

export default function WishlistPage() {
  return (
    <WishlistErrorBoundary>
      <WishlistView />
    </WishlistErrorBoundary>
  );
}
