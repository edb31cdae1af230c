/**
 * The staff pages' top bar: the shop's name, the signed-in member and their role, and the pages
 * their role opens (nav.ts) with Sign out. Until `/me` answers, only the shop's name shows.
 */
import { useEffect, useRef, useState } from 'react';
import { staffPaths } from '#lib/paths.ts';
import { staffFetch } from './api.ts';
import { forgetStaffMe, useStaffMe } from './me.ts';
import { isCurrent, navFor } from './nav.ts';

export default function StaffBar({ nav, current }: { nav: boolean; current: string }) {
  const me = useStaffMe();
  const [leaving, setLeaving] = useState(false);
  const member = me.state === 'in' ? me.member : null;
  // Off the pages with nav={false} (sign-in, set-up, invitation) only Sign out shows.
  const items = me.state === 'in' && nav && !me.needsTotpSetup ? navFor(me.member.role) : [];
  const strip = useRef<HTMLElement>(null);
  // On a phone the bar is one line that scrolls sideways: the page being shown is brought into view.
  useEffect(() => {
    const bar = strip.current;
    const here = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (bar && here && bar.scrollWidth > bar.clientWidth) bar.scrollLeft = here.offsetLeft - bar.offsetLeft - (bar.clientWidth - here.offsetWidth) / 2;
  }, [items.length]);

  async function signOut() {
    setLeaving(true);
    try {
      await staffFetch('/sign-out', { method: 'POST', stay: true });
    } catch {
      // Signed out already, or the store is out of reach: the sign-in page says which.
    }
    forgetStaffMe();
    location.assign(staffPaths.signIn());
  }

  return (
    <header className="staff-bar">
      <div className="staff-bar-inner">
        <a href={member ? staffPaths.orders() : staffPaths.signIn()} className="staff-shop">
          Kiryana <span className="ml-1.5 text-sm font-semibold text-brand-100">staff</span>
        </a>
        {member && (
          <p className="staff-who" data-testid="staff-who">
            {member.name} <span className="rounded bg-brand-900 px-1.5 py-0.5 text-xs font-semibold">{member.role}</span>
          </p>
        )}
        {member && (
          <nav ref={strip} className="staff-nav" aria-label="Staff pages">
            {items.map((item) => (
              <a key={item.href} href={item.href} aria-current={isCurrent(item, current) ? 'page' : undefined}>
                {item.label}
              </a>
            ))}
            <button type="button" onClick={signOut} disabled={leaving}>
              {leaving ? 'Signing out…' : 'Sign out'}
            </button>
          </nav>
        )}
      </div>
    </header>
  );
}
