// @vitest-environment jsdom
import '../../test/setup';
import { describe, expect, it, beforeEach } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { CUSTOM_INPUT_CSV_ONLY, type PlayerRow } from '@stacksmith/domain';
import { openSlate, playersIn, testQueryClient } from '../../test/openSlate';
import { useBuilder } from '../builderStore';
import { slateKey } from '../route';
import { VISITOR_STORAGE_KEY } from '../visitorStore';
import { PlayersTab } from './PlayersTab';
import type { SlateRef } from '../../api/client';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };

const player = (over: Partial<PlayerRow>): PlayerRow => ({
  Id: '1', Name: 'Josh Allen', Position: 'QB', TeamAbbrev: 'BUF', Opp: 'NYJ', Salary: 8000,
  ProjPts: 20, ProjOwn: 10, MinExp: 0, MaxExp: 100, Boost: 0, ...over,
});

let client = testQueryClient();

function renderTab(rows: PlayerRow[]) {
  client = testQueryClient();
  openSlate(client, ref, { players: rows });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <PlayersTab />
      </QueryClientProvider>
    </AntApp>,
  );
}

const rowOf = (id: string) => playersIn(client).find((p) => p.Id === id)!;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** Types into a cell; `commit` leaves it (blur), which applies the edit. */
const type = (el: HTMLInputElement, text: string, commit = true) => {
  fireEvent.focus(el);
  fireEvent.change(el, { target: { value: text } });
  if (commit) fireEvent.blur(el);
};

describe('player table edits', () => {
  beforeEach(() => {
    useBuilder.setState({ key: '', ref: null });
  });

  it('turns a lone dot into "0." in exposure and projection cells', () => {
    renderTab([player({})]);
    type(input('Min Exp Josh Allen'), '.', false);
    expect(input('Min Exp Josh Allen').value).toBe('0.');
    fireEvent.blur(input('Min Exp Josh Allen'));
    type(input('User Proj Josh Allen'), '.', false);
    expect(input('User Proj Josh Allen').value).toBe('0.');
    type(input('User Proj Josh Allen'), '0.5');
    expect(rowOf('1')).toMatchObject({ UserProj: 0.5, ProjPts: 0.5 });
  });

  it('shows exposures of 0 or less as empty', () => {
    renderTab([player({ MinExp: 0, MaxExp: 0 })]);
    expect(input('Min Exp Josh Allen').value).toBe('');
    expect(input('Max Exp Josh Allen').value).toBe('');
  });

  it('applies a valid exposure edit and ignores one outside 0..100', () => {
    renderTab([player({})]);
    type(input('Max Exp Josh Allen'), '40');
    expect(rowOf('1').MaxExp).toBe(40);
    type(input('Max Exp Josh Allen'), '150', false);
    expect(input('Max Exp Josh Allen').value).toBe('150');
    fireEvent.blur(input('Max Exp Josh Allen'));
    expect(rowOf('1').MaxExp).toBe(40);
    expect(input('Max Exp Josh Allen').value).toBe('40');
  });

  it('sets and clears a user projection, restoring the house value', () => {
    renderTab([player({})]);
    type(input('User Proj Josh Allen'), '24');
    expect(rowOf('1')).toMatchObject({ UserProj: 24, ProjPts: 24, HouseProjPts: 20 });
    type(input('User Proj Josh Allen'), '');
    expect(rowOf('1')).toMatchObject({ UserProj: null, ProjPts: 20 });
  });

  it('ignores a negative projection and an ownership over 100', () => {
    renderTab([player({})]);
    type(input('User Proj Josh Allen'), '-3');
    type(input('User Own Josh Allen'), '140');
    expect(rowOf('1')).toMatchObject({ ProjPts: 20, ProjOwn: 10 });
    type(input('User Own Josh Allen'), '25');
    expect(rowOf('1')).toMatchObject({ ProjOwn: 25, UserOwn: 25, HouseOwn: 10 });
    type(input('User Own Josh Allen'), '');
    expect(rowOf('1')).toMatchObject({ ProjOwn: 10, UserOwn: null });
  });

  it('locks at 100/100 and unlocks to 0/0', () => {
    renderTab([player({})]);
    fireEvent.click(screen.getByLabelText('Lock Josh Allen'));
    expect(rowOf('1')).toMatchObject({ MinExp: 100, MaxExp: 100 });
    fireEvent.click(screen.getByLabelText('Unlock Josh Allen'));
    expect(rowOf('1')).toMatchObject({ MinExp: 0, MaxExp: 0 });
  });

  it('shows an excluded player plainly, with a one-click Undo and Restore', async () => {
    renderTab([player({}), player({ Id: '2', Name: 'Stefon Diggs', Position: 'WR' })]);
    fireEvent.click(screen.getByLabelText('Lock Josh Allen'));
    fireEvent.click(screen.getByLabelText('Unlock Josh Allen'));
    // The bar lists him; the undo message puts his lock back.
    expect(screen.getByTestId('excluded-bar')).toHaveTextContent('1 player excluded');
    expect(within(screen.getByTestId('excluded-bar')).getByText('Josh Allen')).toBeInTheDocument();
    fireEvent.click(within(await screen.findByTestId('exclude-undo')).getByRole('button', { name: 'Undo' }));
    expect(rowOf('1')).toMatchObject({ MinExp: 100, MaxExp: 100 });
    expect(screen.queryByTestId('excluded-bar')).toBeNull();
    // Remove, then Restore from the row or from the bar.
    fireEvent.click(screen.getByLabelText('Remove Stefon Diggs'));
    expect(rowOf('2')).toMatchObject({ MinExp: 0, MaxExp: 0 });
    fireEvent.click(screen.getByLabelText('Restore Stefon Diggs', { selector: 'button' }));
    expect(rowOf('2')).toMatchObject({ MinExp: 0, MaxExp: 100 });
    fireEvent.click(screen.getByLabelText('Remove Stefon Diggs'));
    fireEvent.click(within(screen.getByTestId('excluded-bar')).getByRole('button', { name: 'Restore all' }));
    expect(rowOf('2')).toMatchObject({ MaxExp: 100 });
  });

  it('boosts by 5 % a step and stops at 5', () => {
    renderTab([player({})]);
    const up = screen.getByLabelText('Raise boost Josh Allen');
    fireEvent.click(up);
    expect(rowOf('1').Boost).toBe(1);
    expect(rowOf('1').ProjPts).toBeCloseTo(21);
    for (let i = 0; i < 6; i += 1) fireEvent.click(up);
    expect(rowOf('1').Boost).toBe(5);
    expect(up.closest('button')).toBeDisabled();
    expect(rowOf('1').ProjPts).toBeCloseTo(25);
  });

  it('keeps a visitor edit in browser storage after the 250 ms debounce', async () => {
    renderTab([player({})]);
    type(input('Max Exp Josh Allen'), '55');
    expect(localStorage.getItem(VISITOR_STORAGE_KEY) ?? '').not.toContain('"MaxExp":55');
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(VISITOR_STORAGE_KEY) ?? '{}');
      expect(stored.state.slates[slateKey(ref)].players['1'].MaxExp).toBe(55);
    });
  });

  it('sets base exposures: below the position threshold to 0/0, the rest to the position max', async () => {
    renderTab([player({ ProjPts: 4 }), player({ Id: '2', Name: 'Patrick Mahomes', ProjPts: 22 })]);
    fireEvent.click(screen.getByRole('button', { name: /Set Base Exposures/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Base Max Exp QB'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // QB threshold defaults to 5 projected points (BASE_EXPOSURE_DEFAULTS).
    expect(rowOf('1')).toMatchObject({ MinExp: 0, MaxExp: 0 });
    expect(rowOf('2')).toMatchObject({ MinExp: 0, MaxExp: 60 });
  });

  it("zeroes a visitor's exposures locally and Reset Inputs clears the stored edits", async () => {
    renderTab([player({ MinExp: 20, MaxExp: 80 })]);
    fireEvent.click(screen.getByRole('button', { name: /Zero Exposures/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zero' }));
    expect(rowOf('1')).toMatchObject({ MinExp: 0, MaxExp: 0 });
    await waitFor(() => expect(JSON.parse(localStorage.getItem(VISITOR_STORAGE_KEY) ?? '{}').state.slates[slateKey(ref)].players['1'].MaxExp).toBe(0));
    fireEvent.click(screen.getByRole('button', { name: /Reset Inputs/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(VISITOR_STORAGE_KEY) ?? '{}').state.slates[slateKey(ref)].players).toEqual({}));
  });

  it('filters by position and search', async () => {
    renderTab([player({}), player({ Id: '2', Name: 'Stefon Diggs', Position: 'WR' })]);
    expect(screen.getByText('Stefon Diggs')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(document.querySelector('.ss-toolbar') as HTMLElement).getByText('QB'));
    });
    expect(screen.queryByText('Stefon Diggs')).not.toBeInTheDocument();
    expect(screen.getByText('Josh Allen')).toBeInTheDocument();
  });

  it('applies a custom input CSV and stops on a file without an Id heading or not a CSV', async () => {
    renderTab([player({}), player({ Id: '2', Name: 'Stefon Diggs', Position: 'WR' })]);
    // The upload control renders a fresh file input after each file, so look it up every time.
    const upload = (text: string) =>
      act(async () => {
        fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File([text], 'custom.csv', { type: 'text/csv' })] } });
      });
    await upload('Id,Name,ProjPts,MaxExp\n2,Stefon Diggs,18.5,40\n');
    await waitFor(() => expect(rowOf('2')).toMatchObject({ UserProj: 18.5, ProjPts: 18.5, MaxExp: 40, HouseProjPts: 20 }));
    await upload('Name,ProjPts\nJosh Allen,3\n');
    expect(await screen.findByText('No ID heading')).toBeInTheDocument();
    expect(rowOf('1').ProjPts).toBe(20);
    expect(rowOf('1').UserProj ?? null).toBeNull();
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [new File(['Id,ProjPts\n1,3\n'], 'custom.txt')] } });
    expect(await screen.findByText(CUSTOM_INPUT_CSV_ONLY)).toBeInTheDocument();
    expect(rowOf('1').ProjPts).toBe(20);
  });

  it("shows a row button's tip after the 0.7 s delay, and the new one after a click", async () => {
    renderTab([player({})]);
    fireEvent.mouseOver(screen.getByLabelText('Lock Josh Allen'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('Lock in every lineup')).toBeNull();
    expect(await screen.findByText('Lock in every lineup')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Lock Josh Allen'));
    await waitFor(() => expect(screen.queryByText('Lock in every lineup')).toBeNull());
    fireEvent.mouseOver(screen.getByLabelText('Unlock Josh Allen'));
    expect(await screen.findByText('Unlock: excludes him (Min and Max Exp 0), with Undo')).toBeInTheDocument();
  });

  it('shows the sort hint of a column only after the 0.7 s tooltip delay', async () => {
    renderTab([player({})]);
    const header = screen.getAllByText('Salary', { selector: '.ant-table-column-title' })[0]!.closest('.ant-table-column-sorters')!;
    fireEvent.mouseEnter(header);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('Click to sort ascending')).toBeNull();
    expect(await screen.findByText('Click to sort ascending')).toBeInTheDocument();
  });
});
