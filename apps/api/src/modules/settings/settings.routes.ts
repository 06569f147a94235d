import {
  companySettingsResponseSchema,
  deleteLogoResponseSchema,
  logoMaxBytes,
  logoResponseSchema,
  numberingPreviewBodySchema,
  numberingPreviewResponseSchema,
  settingsMessages,
  updateCompanySettingsBodySchema,
} from '@patrol/contracts';
import { z } from 'zod';
import { defineRoute } from '../../http/route';
import { previewNumbering } from './numbering.service';
import { deleteLogo, getLogo, sendLogoFile, uploadLogo } from './settings-logo.service';
import {
  getCompanySettings,
  resetCompanySettings,
  updateCompanySettings,
} from './settings.service';

const tags = ['settings'];

const logoFileQuerySchema = z.object({
  /** The content version from the logo's URL; a matching one may be cached for good. */
  v: z.string().max(100).optional(),
});

/** Company settings and logo (spec 2 sections 2.3 and 7). */
export const settingsRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/settings',
    summary: 'The company settings, with the logo',
    description:
      'Any signed-in user: the footer shows the tagline to everyone. The bank details are blank for users holding none of settings.view, quotations.view and invoices.view.',
    tags,
    access: 'authenticated',
    response: companySettingsResponseSchema,
    handler: ({ ctx, user }) => getCompanySettings(ctx.db, user),
  }),
  defineRoute({
    method: 'put',
    path: '/api/settings',
    summary: 'Replace the company settings',
    tags,
    access: { permissions: ['settings.edit'] },
    body: updateCompanySettingsBodySchema,
    response: companySettingsResponseSchema,
    handler: ({ ctx, user, body }) => updateCompanySettings(ctx, user, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/numbering/preview',
    summary: 'The next document numbers under proposed numbering settings',
    description:
      'Changes nothing. Per kind: the next number under the saved settings, under the proposed ones, and whether the change restarts the visible sequence (the settings page asks for confirmation first).',
    tags,
    access: { permissions: ['settings.view'] },
    body: numberingPreviewBodySchema,
    response: numberingPreviewResponseSchema,
    handler: ({ ctx, body }) => previewNumbering(ctx.db, body.numberingSettings),
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/reset',
    summary: 'Restore the server defaults and remove the logo',
    tags,
    access: { permissions: ['settings.edit'] },
    response: companySettingsResponseSchema,
    handler: ({ ctx, user }) => resetCompanySettings(ctx, user),
  }),
  defineRoute({
    method: 'get',
    path: '/api/settings/logo',
    summary: 'The company logo, or null',
    tags,
    access: 'authenticated',
    response: logoResponseSchema,
    handler: ({ ctx }) => getLogo(ctx.db),
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/logo',
    summary: 'Upload the company logo (multipart field "logo")',
    description: `PNG, JPEG, GIF or WebP recognised by content, under ${logoMaxBytes} bytes: 400 '${settingsMessages.logoType}', 413 '${settingsMessages.logoSize}'.`,
    tags,
    access: { permissions: ['settings.edit'] },
    response: logoResponseSchema,
    handler: ({ ctx, user, req, res }) => uploadLogo(ctx, user, req, res),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/settings/logo',
    summary: 'Remove the company logo',
    tags,
    access: { permissions: ['settings.edit'] },
    response: deleteLogoResponseSchema,
    handler: ({ ctx, user }) => deleteLogo(ctx, user),
  }),
  defineRoute({
    method: 'get',
    path: '/api/settings/logo/file',
    summary: 'The logo image itself',
    description:
      'Public so that an <img> (login page, printed documents) can load it without a token. Streamed with a strong ETag; cached for a year when `v` names the current content, else revalidated.',
    tags,
    access: 'public',
    query: logoFileQuerySchema,
    response: { 200: { contentType: 'image/*', description: 'The logo (PNG, JPEG, GIF or WebP)' } },
    handler: ({ ctx, query, res }) => sendLogoFile(ctx, res, query.v),
  }),
];
