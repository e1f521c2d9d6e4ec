/** The build's release (vite.config.ts): the commit it was built from, or APP_RELEASE. */
declare const __APP_RELEASE__: string;
