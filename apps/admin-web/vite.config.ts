import react from '@vitejs/plugin-react';
import { webAppConfig } from '../../vite.shared';

// Served by the platform server at `/admin/`.
export default webAppConfig({ root: import.meta.dirname, base: '/admin/', plugins: [react()] });
