import { useEffect, useState } from 'react';
import { ApkReadError } from './binary-manifest';
import type { ApkReading } from './apk-checks';
import { readApkIdentity } from './read-apk';

/**
 * Reads the chosen APK's manifest in the browser (`file` already passed the name and size
 * checks, else null); a newer choice makes an older reading's answer ignored.
 */
export function useApkReading(file: File | null): ApkReading {
  const [reading, setReading] = useState<ApkReading>({ status: 'none' });
  useEffect(() => {
    if (!file) {
      setReading({ status: 'none' });
      return;
    }
    let current = true;
    setReading({ status: 'reading' });
    readApkIdentity(file).then(
      (identity) => current && setReading({ status: 'read', identity }),
      (error: unknown) => {
        if (!current) return;
        setReading(
          error instanceof ApkReadError
            ? { status: 'unreadable', message: error.message }
            : { status: 'unchecked' },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [file]);
  return reading;
}
