import type { ReactNode } from 'react';
import './auth.css';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="container page page--narrow">
      <div className="card auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="muted auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
