import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const CHART_DIR = path.resolve(import.meta.dirname, '../greetboard');
export const TEST_DIR = import.meta.dirname;
/** helm template renders for this Kubernetes version (a `go install`ed helm knows none). */
const KUBE_VERSION = '1.31.0';

/**
 * The helm binary: HELM_BIN, then `helm` on PATH, then Go's bin directory (where .ci/run
 * installs the pinned version). Undefined when there is none.
 */
export function findHelm(): string | undefined {
  const candidates = [
    process.env.HELM_BIN,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'helm')),
    path.join(process.env.GOPATH ?? path.join(os.homedir(), 'go'), 'bin', 'helm'),
  ];
  return candidates.find((file): file is string => Boolean(file) && existsSync(file!));
}

/** Runs a program; resolves with stdout, or throws with its stderr in the message. */
export function run(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

export function valuesFile(name: string): string[] {
  return name === 'default' ? [] : ['-f', path.join(TEST_DIR, `values-${name}.yaml`)];
}

export function helmTemplate(helm: string, args: string[]): K8sObject[] {
  const text = run(helm, ['template', 'gb', CHART_DIR, '--kube-version', KUBE_VERSION, ...args]);
  return parseAllDocuments(text)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

export function helmLint(helm: string, args: string[]): string {
  return run(helm, ['lint', '--strict', CHART_DIR, ...args]);
}
