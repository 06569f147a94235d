/**
 * The browser-wide event dispatched after a settings or logo change (spec 2 section 4): the footer
 * and the sidebar reload the settings on it.
 */
export const companySettingsUpdatedEvent = 'companySettingsUpdated';

/** Tells every part of the page that the company settings changed. */
export function announceSettingsChanged(): void {
  window.dispatchEvent(new Event(companySettingsUpdatedEvent));
}
