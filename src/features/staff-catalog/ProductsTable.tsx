/**
 * The products of one page: a table at a desk, each row a card on a phone (staff-catalog.css), the
 * name linking to the product's form.
 */
import { staffPaths } from '#lib/paths.ts';
import { responsiveImage } from '#lib/images.ts';
import { salePrice } from '#lib/money.ts';
import { formatRs, formatStaffTime } from '#features/staff/time.ts';
import type { StaffProductRow } from './product-types.ts';
import { LOW_STOCK, stockText } from './products-view.ts';

export function ProductsTable({ products, busy }: { products: StaffProductRow[]; busy: boolean }) {
  return (
    <table className="staff-products" data-testid="products-table" aria-busy={busy}>
      <caption className="sr-only">Products, the newest change first</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Picture</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col">Category</th>
          <th scope="col">Price</th>
          <th scope="col">Stock</th>
          <th scope="col">Sale</th>
          <th scope="col">Changed</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => {
          const img = responsiveImage(p.image);
          return (
            <tr key={p._id} data-testid="product-row" data-id={p._id}>
              <td className="staff-products-pic">
                <img src={img.src} srcSet={img.webpSrcset} sizes="48px" width={48} height={48} alt="" loading="lazy" />
              </td>
              <td className="staff-products-name">
                <a href={staffPaths.product(p._id)} className="text-link font-semibold">
                  {p.name}
                </a>
                <span className="staff-products-id">
                  {p._id}
                  {p.brand ? ` · ${p.brand}` : ''}
                </span>
              </td>
              <td className="staff-products-category">{p.category}</td>
              <td className="staff-products-price">
                {formatRs(salePrice(p))}
                {p.discount > 0 && <s className="ml-1 text-sm text-stone-600">{formatRs(p.price)}</s>}
              </td>
              <td className="staff-products-stock" data-low={p.stock <= LOW_STOCK ? '' : undefined}>
                {stockText(p.stock)}
              </td>
              <td className="staff-products-sale">{p.onSale ? 'On sale' : <span className="staff-badge-off">Off sale</span>}</td>
              <td className="staff-products-time">
                <time dateTime={p.updatedAt}>{formatStaffTime(p.updatedAt)}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
