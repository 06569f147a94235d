import { systemReportFileName, type SystemReport } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '@/lib/download';
import { systemGet } from '@/features/system/api/system-request';

/** The report's file name, by the business day it was generated on, as the server names it. */
export function systemReportFileNameOf(report: Pick<SystemReport, 'generatedAt'>): string {
  return systemReportFileName(businessDay(new Date(report.generatedAt)));
}

/**
 * GET /api/system/export-report (health, metrics and cluster of one sample), saved as
 * system-report-{date}.json. Resolves with the file name.
 */
export async function exportSystemReport(): Promise<string> {
  const report = await systemGet<SystemReport>('report', '/api/system/export-report');
  const fileName = systemReportFileNameOf(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  saveBlob(new Blob([json], { type: 'application/json' }), fileName);
  return fileName;
}

/** Export Report. */
export function useExportSystemReport() {
  return useMutation({ mutationFn: exportSystemReport });
}
