/** The screen's messages (spec 2 section 8). */
export const crashReportScreenMessages = {
  fetchFailed: 'Failed to fetch crash reports',
  fetchGroupsFailed: 'Failed to fetch crash groups',
  detailsFailed: 'Failed to fetch crash report details',
  updateFailed: 'Failed to update crash report',
  copied: 'Copied',
  downloaded: 'Downloaded',
} as const;

/** 'debug' for a debug report, else 'crash': the words of the copy and download messages. */
export function reportKind(reportType: string): 'debug' | 'crash' {
  return reportType === 'debug' ? 'debug' : 'crash';
}

/** 'Failed to copy crash report data', 'Failed to download debug report data'. */
export function reportDataFailedMessage(action: 'copy' | 'download', reportType: string): string {
  return `Failed to ${action} ${reportKind(reportType)} report data`;
}

/** The report as the JSON a developer pastes into an issue or opens from the downloaded file. */
export function reportDataJson(report: unknown): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
