import {
  companySettingsResponseSchema,
  deleteLogoResponseSchema,
  logoMaxBytes,
  logoResponseSchema,
  settingsMessages,
  updateCompanySettingsBodySchema,
} from '@patrol/contracts';
import { z } from 'zod';
import { defineRoute } from '../../http/route';
import { receiveSingleFile, sendUpload, uploadsDirectory } from '../../storage/uploads';
import { logoVersion } from './settings.presenter';
import { currentLogoFile, deleteLogo, replaceLogo } from './settings-logo.service';
import {
  readCompanySettings,
  resetCompanySettings,
  updateCompanySettings,
} from './settings.service';

const tags = ['settings'];
const oneYearSeconds = 365 * 24 * 60 * 60;

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
    description: 'Any signed-in user: the footer shows the tagline to everyone.',
    tags,
    access: 'authenticated',
    response: companySettingsResponseSchema,
    handler: async ({ ctx }) => ({
      success: true as const,
      settings: await readCompanySettings(ctx.database.db),
    }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/settings',
    summary: 'Replace the company settings',
    tags,
    access: { permissions: ['settings.edit'] },
    body: updateCompanySettingsBodySchema,
    response: companySettingsResponseSchema,
    handler: async ({ ctx, user, body }) => ({
      success: true as const,
      message: 'Settings saved successfully',
      settings: await updateCompanySettings(ctx.database.db, user, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/reset',
    summary: 'Restore the server defaults and remove the logo',
    tags,
    access: { permissions: ['settings.edit'] },
    response: companySettingsResponseSchema,
    handler: async ({ ctx, user }) => ({
      success: true as const,
      message: 'Settings reset to default successfully',
      settings: await resetCompanySettings(
        ctx.database.db,
        user,
        uploadsDirectory(ctx.config.dataDir),
      ),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/settings/logo',
    summary: 'The company logo, or null',
    tags,
    access: 'authenticated',
    response: logoResponseSchema,
    handler: async ({ ctx }) => ({
      success: true as const,
      logo: (await readCompanySettings(ctx.database.db)).logo,
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/logo',
    summary: 'Upload the company logo (multipart field "logo")',
    description: `PNG, JPEG, GIF or WebP recognised by content, under ${logoMaxBytes} bytes: 400 '${settingsMessages.logoType}', 413 '${settingsMessages.logoSize}'.`,
    tags,
    access: { permissions: ['settings.edit'] },
    response: logoResponseSchema,
    handler: async ({ ctx, user, req, res }) => {
      const directory = uploadsDirectory(ctx.config.dataDir);
      const file = await receiveSingleFile(req, res, {
        directory,
        field: 'logo',
        maxBytes: logoMaxBytes,
        tooLargeMessage: settingsMessages.logoSize,
        missingMessage: settingsMessages.logoType,
      });
      return {
        success: true as const,
        message: 'Logo uploaded successfully',
        logo: await replaceLogo(ctx.database.db, user, directory, file.path),
      };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/settings/logo',
    summary: 'Remove the company logo',
    tags,
    access: { permissions: ['settings.edit'] },
    response: deleteLogoResponseSchema,
    handler: async ({ ctx, user }) => {
      await deleteLogo(ctx.database.db, user, uploadsDirectory(ctx.config.dataDir));
      return { success: true as const, message: 'Logo deleted successfully' };
    },
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
    handler: async ({ ctx, query, res }) => {
      const logo = await currentLogoFile(ctx.database.db);
      const version = logoVersion(logo.fileName);
      await sendUpload(res, uploadsDirectory(ctx.config.dataDir), logo.fileName, {
        contentType: logo.mimeType,
        etag: `"${version}"`,
        cacheControl:
          query.v === version ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache',
      });
    },
  }),
];
