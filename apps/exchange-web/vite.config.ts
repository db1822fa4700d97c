import react from '@vitejs/plugin-react';
import { webAppConfig } from '../../vite.shared';

// Served by the platform server at `/exchange/`.
export default webAppConfig({ root: import.meta.dirname, base: '/exchange/', plugins: [react()] });
