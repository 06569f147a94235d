import {
  logoMaxBytes,
  settingsMessages,
  type CompanyLogo,
  type LogoResponse,
  type MessageResponse,
} from '@patrol/contracts';
import type { Request, Response } from 'express';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { inspectImage } from '../../storage/image-header';
import { imageExtensions, type ImageType } from '../../storage/image-type';
import {
  receiveSingleFile,
  removeFile,
  removeUpload,
  sendUpload,
  storeUnderContentName,
} from '../../storage/uploads';
import { recordAudit } from '../audit/audit.service';
import { logoVersion, presentLogo } from './settings.presenter';
import { ensureSettingsRow, findSettingsRow, updateSettingsRow } from './settings.repo';
import { readCompanySettings, settingsEntityId } from './settings.service';

export const noLogoMessage = 'No logo has been uploaded';

const oneYearSeconds = 365 * 24 * 60 * 60;

/** GET /api/settings/logo: the logo, or null. */
export async function getLogo(db: DbExecutor): Promise<LogoResponse> {
  return { success: true, logo: (await readCompanySettings(db)).logo };
}

/** POST /api/settings/logo: receives the multipart field `logo` (streamed to disk) and stores it. */
export async function uploadLogo(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
  req: Request,
  res: Response,
): Promise<LogoResponse> {
  const file = await receiveSingleFile(req, res, {
    directory: ctx.uploads.directory,
    field: 'logo',
    maxBytes: logoMaxBytes,
    tooLargeMessage: settingsMessages.logoSize,
    missingMessage: settingsMessages.logoType,
  });
  const logo = await replaceLogo(ctx, actor, file.path);
  return { success: true, message: 'Logo uploaded successfully', logo };
}

/**
 * Streams the logo image with a strong ETag; cached for a year when `version` names the current
 * content (the URL changes with it), else revalidated.
 */
export async function sendLogoFile(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  res: Response,
  version: string | undefined,
): Promise<void> {
  const logo = await currentLogoFile(ctx.db);
  const current = logoVersion(logo.fileName);
  await sendUpload(res, ctx.uploads.directory, logo.fileName, {
    contentType: logo.mimeType,
    etag: `"${current}"`,
    cacheControl: version === current ? `public, max-age=${oneYearSeconds}, immutable` : 'no-cache',
  });
}

/** A logo's longest side: a header claiming more is a decompression bomb, not a logo. */
export const logoMaxSide = 8192;

/**
 * The logo's type, from its header read in a parser worker (never from its name or declared
 * type): anything but a readable PNG, JPEG, GIF or WebP header within `logoMaxSide` is a 400.
 */
async function readLogoType(path: string): Promise<ImageType> {
  const outcome = await inspectImage(path);
  const refuse = (message: string) => invalid(message, { logo: message });
  if (!outcome.ok) {
    if (outcome.problem === 'header-unreadable' && outcome.detail) {
      throw refuse(settingsMessages.logoUnreadable(outcome.detail));
    }
    if (outcome.problem === 'timeout') {
      throw refuse(settingsMessages.logoUnreadable('could not be read in time'));
    }
    throw refuse(settingsMessages.logoType);
  }
  const { type, width, height } = outcome.value;
  if (width > logoMaxSide || height > logoMaxSide) {
    throw refuse(settingsMessages.logoTooManyPixels(width, height, logoMaxSide));
  }
  return type;
}

/**
 * Makes a received upload the company logo once its header reads as an image (readLogoType);
 * anything else is refused (400) and deleted. The previous logo file is deleted after the change
 * commits.
 */
async function replaceLogo(
  { db, uploads }: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
  temporaryPath: string,
): Promise<CompanyLogo> {
  const uploadsDirectory = uploads.directory;
  let fileName: string;
  let mimeType: string;
  try {
    const type = await readLogoType(temporaryPath);
    mimeType = type;
    ({ fileName } = await storeUnderContentName(temporaryPath, 'logo', imageExtensions[type]));
  } catch (error) {
    await removeFile(temporaryPath);
    throw error;
  }

  let previousLogo: string | null;
  let logo: CompanyLogo | null;
  try {
    ({ previousLogo, logo } = await db.transaction(async (tx) => {
      await ensureSettingsRow(tx);
      const current = (await findSettingsRow(tx, { forUpdate: true }))!;
      const updated = await updateSettingsRow(tx, {
        logoPath: fileName,
        logoMimeType: mimeType,
        updatedBy: actor.id,
      });
      await recordLogoChange(tx, actor, 'settings.logo_uploaded', current.logoPath, fileName);
      return { previousLogo: current.logoPath, logo: presentLogo(updated) };
    }));
  } catch (error) {
    // The same image uploaded again has the same name: keep the file if it is still the logo.
    if ((await findSettingsRow(db))?.logoPath !== fileName) {
      await removeUpload(uploadsDirectory, fileName);
    }
    throw error;
  }
  if (previousLogo && previousLogo !== fileName) await removeUpload(uploadsDirectory, previousLogo);
  return logo!;
}

/** Removes the logo (404 when there is none) and deletes its file after the change commits. */
export async function deleteLogo(
  { db, uploads }: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
): Promise<MessageResponse> {
  const previousLogo = await db.transaction(async (tx) => {
    const current = await findSettingsRow(tx, { forUpdate: true });
    if (!current?.logoPath) throw notFound(noLogoMessage);
    await updateSettingsRow(tx, { logoPath: null, logoMimeType: null, updatedBy: actor.id });
    await recordLogoChange(tx, actor, 'settings.logo_deleted', current.logoPath, null);
    return current.logoPath;
  });
  await removeUpload(uploads.directory, previousLogo);
  return { success: true, message: 'Logo deleted successfully' };
}

/** The stored logo's file name and type, for serving it; 404 when there is none. */
async function currentLogoFile(db: DbExecutor): Promise<{ fileName: string; mimeType: string }> {
  const row = await findSettingsRow(db);
  if (!row?.logoPath) throw notFound(noLogoMessage);
  return { fileName: row.logoPath, mimeType: row.logoMimeType ?? 'application/octet-stream' };
}

function recordLogoChange(
  db: DbExecutor,
  actor: AuthUser,
  action: string,
  before: string | null,
  after: string | null,
) {
  return recordAudit(db, {
    actorId: actor.id,
    action,
    entityType: 'settings',
    entityId: settingsEntityId,
    before: { logo: before },
    after: { logo: after },
  });
}
