import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PresaleProject } from '@tp/contract';

const PHASE_COLOR = { not_started: 'default', in_progress: 'green', expired: 'orange', completed: 'blue' } as const;

/** The project's phase, and its sale state when that says more (sold out, removed). */
export function ProjectTags({ project }: { project: Pick<PresaleProject, 'phase' | 'saleStatus'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={PHASE_COLOR[project.phase]} data-testid="project-phase">
        {t(`presale.phase.${project.phase}`)}
      </Tag>
      {project.saleStatus !== 'running' ? <Tag color="red">{t(`presale.saleStatus.${project.saleStatus}`)}</Tag> : null}
    </>
  );
}
