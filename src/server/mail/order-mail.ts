/**
 * The order confirmation: what was ordered (every line), the totals as the cart showed them
 * (Subtotal, You Save, Delivery Free, Total), Cash on delivery, where it goes, and the tracking
 * link. A text part and a branded HTML part (every value escaped: names and addresses are typed
 * by shoppers).
 */
import { cityLine } from '#lib/address.ts';
import { DELIVERY_ESTIMATE } from '#lib/delivery.ts';
import { formatRs } from '#lib/money.ts';
import type { Order } from '#lib/schemas/orders.ts';
import { BRAND_GREEN, escapeHtml, frame, greeting, type Mail } from './templates.ts';

export function orderConfirmationMail(order: Order, trackingLink: string): Mail {
  const subject = `Your Kiryana order ${order.orderNumber}`;
  const a = order.shippingAddress;
  const addressLines = [order.guestInfo.name, a.address, cityLine(a), a.country, `Phone: ${order.contactNumber}`];
  const totals: [string, string][] = [
    ['Subtotal', formatRs(order.subtotal)],
    ['You Save', `- ${formatRs(order.youSave)}`],
    ['Delivery', order.shipping > 0 ? formatRs(order.shipping) : 'Free'],
    ['Total', formatRs(order.totalAmount)],
  ];
  const text = [
    greeting(order.guestInfo.name),
    '',
    `Thank you for your order. Your order number is ${order.orderNumber}.`,
    '',
    ...order.items.map((l) => `- ${l.name} × ${l.quantity} at ${formatRs(l.price)} = ${formatRs(l.lineTotal)}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    'Payment: Cash on delivery. Please have the total ready when your order arrives.',
    `Delivery: free, in ${DELIVERY_ESTIMATE}.`,
    '',
    'Delivering to:',
    ...addressLines.map((l) => `  ${l}`),
    '',
    `Track your order: ${trackingLink}`,
    '',
    'Kiryana',
  ].join('\n');

  const cell = 'padding:6px 0;border-bottom:1px solid #e5e7eb';
  const rows = order.items
    .map(
      (l) => `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell};text-align:center">${l.quantity}</td><td style="${cell};text-align:right">${escapeHtml(formatRs(l.price))}</td><td style="${cell};text-align:right">${escapeHtml(formatRs(l.lineTotal))}</td></tr>`,
    )
    .join('\n');
  const totalRows = totals
    .map(([label, value], i) => {
      const strong = i === totals.length - 1 ? 'font-weight:700;font-size:16px' : '';
      return `<tr><td colspan="3" style="padding:4px 0;${strong}">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right;${strong}">${escapeHtml(value)}</td></tr>`;
    })
    .join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting(order.guestInfo.name))}</p>
<p style="margin:0 0 16px">Thank you for your order. Your order number is <strong style="color:${BRAND_GREEN}">${escapeHtml(order.orderNumber)}</strong>.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">
<tr><th align="left" style="padding:6px 0">Item</th><th style="padding:6px 0">Qty</th><th align="right" style="padding:6px 0">Price</th><th align="right" style="padding:6px 0">Total</th></tr>
${rows}
${totalRows}
</table>
<p style="margin:0 0 16px"><strong>Payment:</strong> Cash on delivery. Please have the total ready when your order arrives.<br><strong>Delivery:</strong> free, in ${DELIVERY_ESTIMATE}.</p>
<p style="margin:0 0 20px"><strong>Delivering to:</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>
<p style="margin:0 0 12px"><a href="${escapeHtml(trackingLink)}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">Track your order</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">Or paste this link into your browser:<br><a href="${escapeHtml(trackingLink)}" style="color:${BRAND_GREEN};word-break:break-all">${escapeHtml(trackingLink)}</a></p>`,
  );
  return { to: order.guestInfo.email, subject, text, html };
}

/** The cancellation: which order, that nothing is delivered or charged, and the link to see it. */
export function orderCancelledMail(order: Order, trackingLink: string): Mail {
  const subject = `Your Kiryana order ${order.orderNumber} was cancelled`;
  const text = [
    greeting(order.guestInfo.name),
    '',
    `Your order ${order.orderNumber} (${formatRs(order.totalAmount)}) has been cancelled. Nothing will be delivered and nothing is owed.`,
    '',
    ...order.items.map((l) => `- ${l.name} × ${l.quantity}`),
    '',
    `See the order: ${trackingLink}`,
    '',
    'Kiryana',
  ].join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting(order.guestInfo.name))}</p>
<p style="margin:0 0 16px">Your order <strong style="color:${BRAND_GREEN}">${escapeHtml(order.orderNumber)}</strong> (${escapeHtml(formatRs(order.totalAmount))}) has been cancelled. Nothing will be delivered and nothing is owed.</p>
<ul style="margin:0 0 16px;padding-left:20px">${order.items.map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}</li>`).join('')}</ul>
<p style="margin:0"><a href="${escapeHtml(trackingLink)}" style="color:${BRAND_GREEN}">See the order</a></p>`,
  );
  return { to: order.guestInfo.email, subject, text, html };
}

/** Shipped: the order is on its way, what to have ready (cash on delivery) and the link to follow it. */
export function orderShippedMail(order: Order, trackingLink: string): Mail {
  const subject = `Your Kiryana order ${order.orderNumber} is on its way`;
  const due = order.isPaid ? 'It is paid already: nothing is owed on delivery.' : `Please have ${formatRs(order.totalAmount)} ready: payment is cash on delivery.`;
  return statusMail(order, trackingLink, subject, `Your order ${order.orderNumber} has been shipped and is on its way to you.`, due, 'Track your order');
}

/** Delivered: the order arrived and is paid; the link shows it. */
export function orderDeliveredMail(order: Order, trackingLink: string): Mail {
  const subject = `Your Kiryana order ${order.orderNumber} was delivered`;
  return statusMail(order, trackingLink, subject, `Your order ${order.orderNumber} (${formatRs(order.totalAmount)}) has been delivered. Thank you for shopping with Kiryana.`, 'We hope you enjoy it.', 'See the order');
}

/** A status mail: the news, the lines, one more sentence and the link, in text and in HTML. */
function statusMail(order: Order, trackingLink: string, subject: string, news: string, more: string, linkLabel: string): Mail {
  const text = [greeting(order.guestInfo.name), '', news, '', ...order.items.map((l) => `- ${l.name} × ${l.quantity}`), '', more, '', `${linkLabel}: ${trackingLink}`, '', 'Kiryana'].join('\n');
  const html = frame(
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting(order.guestInfo.name))}</p>
<p style="margin:0 0 16px">${escapeHtml(news)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${order.items.map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}</li>`).join('')}</ul>
<p style="margin:0 0 16px">${escapeHtml(more)}</p>
<p style="margin:0 0 12px"><a href="${escapeHtml(trackingLink)}" style="display:inline-block;background:${BRAND_GREEN};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(linkLabel)}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">Or paste this link into your browser:<br><a href="${escapeHtml(trackingLink)}" style="color:${BRAND_GREEN};word-break:break-all">${escapeHtml(trackingLink)}</a></p>`,
  );
  return { to: order.guestInfo.email, subject, text, html };
}
