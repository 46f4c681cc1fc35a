// The demo account's SSH keys and library scripts (with the provider's public scripts beside them).
import type { Emu } from '../emu.js';
import { addPublicScripts, addScript } from '../scripts.js';
import { addSshKey } from '../sshkeys.js';
import type { ScriptRec } from '../scripts-state.js';
import { DAY } from './timeline.js';

const DEMO_KEYS: Array<[label: string, key: string, daysAgo: number]> = [
  ['laptop', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq3vX0d8Qm3yKJx5Zb7nB1pT2wYfR9sLhE4cUuVa6Ko marta@thinkpad-x1', 212],
  [
    'ci-deploy',
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQC7m2Xq9Lr4vTn0yKp8bWc3HdJf5sQ1uZg6aE2iRt9oNl4xVy7MhPc0BkDwS3jF8eUq5GtA1rZn6YvLs2KxHm9Ob4CpTd7Wf3Ji0Qg8Nu5Ea1Rk6Sy2Vl9Xh4Mo7Bt3Zc0Pw5Dn8Fq2Gj6Ki1Lr4Ms9Ut3Vx7Wy0Az5Cb2Ed8Fg1Hi4Jk7Lm0No3Pq6Rs9Tu2Vw5Xy8Za1Bc4De7Fg0Hi3Jk6Lm9No2Pq5Rs8Tu1Vw4Xy7Za0Bc3De6Fg9Hi2Jk5Lm8No1Pq4Rs7Tu0Vw3Xy6Za9Bc2De5Fg8Hi1Jk4Lm7No0Pq3Rs6Tu9Vw2Xy5Za8Bc1De4Fg7Hi0Jk3Lm6No9Pq2Rs5Tu8Vw1Xy4Za7Bc0De3Fg6Hi9Jk2Lm5No8Pq1Rs4Tu7Vw0Xy3Za6Bc9De2Fg5Hi8Jk1Lm4No7Pq0Rs3Tu6Vw9Xy2Za5Bc8De1Fg4Hi7Jk0Lm3No6Pq9Rs2Tu5Vw8Xy1Za4Bc7De0Fg3Hi6Jk9Lm2No5Pq8Rs1Tu4Vw7Xy0Za3Bc6De9Fg2Hi5Jk8Lm1No4Pq7Rs0Tu3Vw6Xy9Za2Bc5De8Fg1Hi4Jk7Lm0No3Pq6Rs9= gitlab-runner@ci',
    180,
  ],
  ['workstation', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC4rJm8eXw1sVb6Nq2LdT7hYzK3oGf9pUa0RcEi5MxWn luca@fedora-ws', 95],
  ['ansible', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHb1Zp7Wk3nQx9Ls4Dv2Tj6Fy8Rc0Mg5Ue1Ai7Ko3PqSt ansible@ops-bastion', 41],
];

export function seedSshKeys(emu: Emu, user: string): void {
  const now = emu.now();
  for (const [label, key, daysAgo] of DEMO_KEYS) addSshKey(emu, user, label, key, now - daysAgo * DAY - 3_600_000 * (daysAgo % 9));
}

const DEMO_SCRIPTS: Array<Pick<ScriptRec, 'title' | 'content' | 'windows'>> = [
  {
    title: 'base-hardening',
    windows: false,
    content: `#!/bin/bash
# baseline for every new VM: firewall, fail2ban, no password logins
set -euo pipefail
apt-get update && apt-get install -y ufw fail2ban
ufw default deny incoming
ufw allow 22/tcp
ufw --force enable
sed -i 's/^#\\?PasswordAuthentication .*/PasswordAuthentication no/' /etc/ssh/sshd_config
systemctl restart ssh
`,
  },
  {
    title: 'node-exporter',
    windows: false,
    content: `#!/bin/bash
set -euo pipefail
VERSION="\${NODE_EXPORTER_VERSION:-1.8.2}"
curl -fsSL "https://github.com/prometheus/node_exporter/releases/download/v\${VERSION}/node_exporter-\${VERSION}.linux-amd64.tar.gz" | tar -xz -C /opt
ln -sf /opt/node_exporter-\${VERSION}.linux-amd64/node_exporter /usr/local/bin/node_exporter
cat > /etc/systemd/system/node_exporter.service <<'EOF'
[Unit]
Description=Prometheus node exporter
[Service]
ExecStart=/usr/local/bin/node_exporter
[Install]
WantedBy=multi-user.target
EOF
systemctl daemon-reload && systemctl enable --now node_exporter
`,
  },
  {
    title: 'k3s-agent',
    windows: false,
    content: `#!/bin/bash
set -euo pipefail
curl -sfL https://get.k3s.io | K3S_URL="\${K3S_URL}" K3S_TOKEN="\${K3S_TOKEN}" sh -s - agent
`,
  },
  {
    title: 'iis-webserver',
    windows: true,
    content: `# install IIS with ASP.NET and open the firewall for HTTP
Install-WindowsFeature -Name Web-Server, Web-Asp-Net45 -IncludeManagementTools
New-NetFirewallRule -DisplayName "HTTP in" -Direction Inbound -Protocol TCP -LocalPort 80 -Action Allow
Set-Content -Path C:\\inetpub\\wwwroot\\index.html -Value "<h1>$env:COMPUTERNAME</h1>"
`,
  },
];

export function seedScripts(emu: Emu, user: string): void {
  for (const s of DEMO_SCRIPTS) addScript(emu, { user, ...s, public: false, category: null });
  addPublicScripts(emu);
}
