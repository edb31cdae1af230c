import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on first interaction, or at once when the URL carries one of the named query parameters. */
    'client:interact'?: boolean | string;
  }
}
