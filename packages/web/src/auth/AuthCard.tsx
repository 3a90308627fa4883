import type { ReactNode } from 'react';
import { Card } from 'antd';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="ss-auth">
      <Card className="ss-auth-card" variant="borderless">
        <h1 className="ss-auth-title">{title}</h1>
        {subtitle ? <p className="ss-auth-subtitle">{subtitle}</p> : null}
        {children}
      </Card>
    </div>
  );
}
