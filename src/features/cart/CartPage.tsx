/** The cart page's island: the cart, with the error screen ('Oops! Something went wrong', Try Again) around it. */
import { Component, type ReactNode } from 'react';
import { CartView } from './CartView.tsx';
import { CartError } from './CartStates.tsx';

class CartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Cart error', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-stone-900">Shopping Cart</h1>
        <CartError />
      </div>
    );
  }
}

export default function CartPage() {
  return (
    <CartErrorBoundary>
      <CartView />
    </CartErrorBoundary>
  );
}
