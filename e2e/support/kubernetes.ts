import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

// The Kubernetes manifests as `kubectl apply -k <dir>` would send them: rendered, not applied (no
// cluster here), and what their NetworkPolicies let a pod reach.

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name?: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string; key: string } };
}
export interface Container {
  image: string;
  command?: string[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { sleep?: { seconds: number }; exec?: { command: string[] } } };
  ports?: { name: string; containerPort: number }[];
}
export interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values: string[] }[];
}
export interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface Rule {
  to?: Peer[];
  from?: Peer[];
  ports?: { port: number; protocol?: string }[];
}
export interface Resource {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  spec?: {
    template?: {
      metadata?: { labels?: Record<string, string> };
      spec: { containers: Container[]; terminationGracePeriodSeconds?: number; automountServiceAccountToken?: boolean };
    };
    scaleTargetRef?: { name: string };
    minReplicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    podSelector?: Selector;
    policyTypes?: string[];
    egress?: Rule[];
    ingress?: Rule[];
  };
}

/** `kubectl kustomize <dir>` (relative to the repository), parsed. */
export const renderKustomization = (dir: string): Resource[] =>
  parseAllDocuments(execFileSync('kubectl', ['kustomize', dir], { cwd: root, encoding: 'utf8' })).map((doc) => doc.toJS() as Resource);

/** Every pod template among these resources: Deployments and Jobs. */
export const workloadsOf = (resources: Resource[]) => resources.filter((r) => r.kind === 'Deployment' || r.kind === 'Job');

/** Whether a label selector (matchLabels, matchExpressions with In or NotIn) selects these labels. */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values }) =>
    operator === 'In' ? values.includes(labels[key]!) : operator === 'NotIn' ? !values.includes(labels[key]!) : false,
  );
  return byLabel && byExpression;
}

/** A policy peer as a readable name: the pod's app name, `dns`, or what it is. */
export function peerName(peer: Peer): string {
  const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  if (namespace === 'kube-system' && peer.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns') return 'dns';
  // The public internet: everywhere but the private ranges (and so the cluster) and the metadata endpoint.
  const except = new Set(peer.ipBlock?.except ?? []);
  if (peer.ipBlock?.cidr === '0.0.0.0/0' && ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'].every((c) => except.has(c))) return 'internet';
  const labels = peer.podSelector?.matchLabels;
  return `${namespace ? `${namespace}/` : ''}${labels?.['app.kubernetes.io/name'] ?? labels?.['hdiya.io/serves'] ?? JSON.stringify(peer)}`;
}

/** Where a pod with these labels may connect (`nats:4222`, `dns:53/UDP`), or null when no policy restricts its egress. */
export function egressOf(resources: Resource[], labels: Record<string, string>): string[] | null {
  const applying = resources.filter((p) => p.kind === 'NetworkPolicy' && p.spec!.policyTypes?.includes('Egress') && selects(p.spec!.podSelector!, labels));
  if (applying.length === 0) return null;
  const allowed = applying.flatMap((p) =>
    (p.spec!.egress ?? []).flatMap((rule) =>
      (rule.to ?? [{}]).flatMap((peer) => (rule.ports ?? [{ port: 0 }]).map(({ port, protocol }) => `${peerName(peer)}:${port}${protocol === 'UDP' ? '/UDP' : ''}`)),
    ),
  );
  return [...new Set(allowed)].sort();
}
