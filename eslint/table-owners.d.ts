// Types of table-owners.js for the TypeScript tests that read the map.
export declare const tableOwners: Record<string, string>;
export declare const readModels: Record<string, string[]>;
export declare const remainingCrossReads: Record<string, string[]>;
