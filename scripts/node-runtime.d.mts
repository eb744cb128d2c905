export const REQUIRED_MAJOR: number;
export function checkNodeRuntime(options?: { label?: string }): string | undefined;
export function requireNodeRuntime(label: string): void;
