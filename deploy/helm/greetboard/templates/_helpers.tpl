{{/* Names, labels and the per-process table every template iterates over. */}}

{{- define "greetboard.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "greetboard.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "greetboard.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "greetboard.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: greetboard
{{- end -}}

{{/* Selector labels of one process: call with (dict "root" $ "component" "gateway"). */}}
{{- define "greetboard.selectorLabels" -}}
app.kubernetes.io/name: {{ include "greetboard.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "greetboard.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "greetboard.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "greetboard.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
The migrations Job's ServiceAccount: a hook of its own when the chart creates accounts (the
release's account exists only after the pre-install hooks), else the one values name.
*/}}
{{- define "greetboard.migrationsServiceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- printf "%s-migrations" (include "greetboard.fullname" .) -}}
{{- else -}}
{{- include "greetboard.serviceAccountName" . -}}
{{- end -}}
{{- end -}}

{{- define "greetboard.secretName" -}}
{{- default (printf "%s-secrets" (include "greetboard.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "greetboard.configName" -}}
{{- printf "%s-config" (include "greetboard.fullname" .) -}}
{{- end -}}

{{/*
Every process: its values key, its name, its entry point, whether it serves HTTP to
browsers, the Secret keys it reads and whether it talks to Twitch.
*/}}
{{- define "greetboard.components" -}}
gateway:
  name: gateway
  entry: services/gateway/dist/main.js
  public: true
  secretKeys: []
  redis: true
  twitch: false
auth:
  name: auth
  entry: services/auth/dist/main.js
  public: false
  secretKeys: [DATABASE_URL, TWITCH_CLIENT_ID, TWITCH_CLIENT_SECRET, TOKEN_ENCRYPTION_KEY]
  redis: true
  twitch: true
sessions:
  name: sessions
  entry: services/sessions/dist/main.js
  public: false
  secretKeys: [DATABASE_URL]
  redis: false
  twitch: false
chatIngest:
  name: chat-ingest
  entry: services/chat-ingest/dist/main.js
  public: false
  secretKeys: []
  redis: true
  twitch: true
stats:
  name: stats
  entry: services/stats/dist/main.js
  public: false
  secretKeys: [DATABASE_URL]
  redis: false
  twitch: false
{{- end -}}

{{/* Environment of one process: call with (dict "root" $ "component" $c). */}}
{{- define "greetboard.env" -}}
{{- $root := .root -}}
{{- range .component.secretKeys }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ include "greetboard.secretName" $root }}
      key: {{ . }}
{{- end }}
{{- if and .component.redis $root.Values.redis.urlFromSecret }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "greetboard.secretName" $root }}
      key: REDIS_URL
{{- end }}
{{- end -}}
