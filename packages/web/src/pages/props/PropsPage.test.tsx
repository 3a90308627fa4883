// @vitest-environment jsdom
import '../../test/setup';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { PROPS_CSV_COLUMNS, PROPS_MARKETS } from '@stacksmith/domain';
import type { PropRow } from '@stacksmith/domain';
import { renderRoutes } from '../../test/renderRoutes';
import { PropsPage } from './PropsPage';

// The API layer and the file download are mocked; the page and Ant Design render for real.
const calls = vi.hoisted(() => ({ props: vi.fn(), downloadText: vi.fn() }));
vi.mock('../../api/analysis', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/analysis')>();
  return { ...original, analysisCalls: { ...original.analysisCalls, props: calls.props } };
});
vi.mock('../../download', () => ({ downloadText: calls.downloadText }));

const prop = (market: string, Name: string, oddsAmerican: number, salary: number | null = 6000): PropRow =>
  ({ market, Name, Team: 'KC', Position: 'WR', oddsAmerican, projOwn: salary === null ? null : 12.5, salary });
const PROPS = [
  prop('Most Rec Yards', 'Rec Favourite', -120),
  prop('Most Rec Yards', 'Rec Long Shot', 450, null),
  prop('Most Rush Yards', 'Rush Back', 300),
  prop('Most Pass Yards', 'Pass Arm', 250),
  prop('Most Points', 'Point Scorer', 1200),
];

function renderAt(path: string) {
  renderRoutes(path, <Route path="/props" element={<PropsPage />} />);
}

const activePanel = () => document.querySelector('.ant-tabs-tabpane-active') as HTMLElement;

describe('the props page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    calls.props.mockResolvedValue(PROPS);
  });

  it('has the four market tabs and shows the odds American, with salary and ownership from the slate', async () => {
    renderAt('/props?week=4&season=2023');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([...PROPS_MARKETS]);
    await screen.findByText('Rec Favourite');
    expect(calls.props).toHaveBeenCalledWith(2023, 4);
    const favourite = screen.getByText('Rec Favourite').closest('tr')!;
    expect(within(favourite).getByText('-120')).toBeInTheDocument();
    expect(within(favourite).getByText('$6,000')).toBeInTheDocument();
    expect(within(favourite).getByText('12.5%')).toBeInTheDocument();
    const longShot = screen.getByText('Rec Long Shot').closest('tr')!;
    expect(within(longShot).getByText('+450')).toBeInTheDocument();
    expect(within(longShot).getAllByText('–')).toHaveLength(2);
    expect(within(activePanel()).queryByText('Rush Back')).toBeNull();
  });

  it('shows only the chosen market\'s props', async () => {
    renderAt('/props?week=4&season=2023');
    await screen.findByText('Rec Favourite');
    fireEvent.click(screen.getByRole('tab', { name: 'Most Points' }));
    expect(await within(activePanel()).findByText('Point Scorer')).toBeInTheDocument();
    expect(within(activePanel()).getByText('+1200')).toBeInTheDocument();
    expect(within(activePanel()).queryByText('Rec Favourite')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Most Points' })).toHaveAttribute('aria-selected', 'true');
  });

  it('downloads every market\'s props in a CSV named with week and season, odds American', async () => {
    renderAt('/props?week=4&season=2023');
    await screen.findByText('Rec Favourite');
    fireEvent.click(screen.getByRole('button', { name: /Download Props/ }));
    const [name, csv] = calls.downloadText.mock.calls[0]! as [string, string];
    expect(name).toBe('props_week4_2023.csv');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(PROPS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(PROPS.length + 1);
    expect(lines.find((l) => l.includes('Rec Long Shot'))).toContain(',+450,');
    expect(lines.find((l) => l.includes('Rec Favourite'))).toContain(',-120,');
  });
});
