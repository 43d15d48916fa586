'use client';

import { useId, useState } from 'react';
import { ChoiceButton } from './choice-button';
import { searchClients, type ClientSummary } from './client-search';
import { Initial } from './steps';

type Listed = ClientSummary;

/**
 * Staff's search over the salon's clients (the staff wizard's client step, Lista de espera's "Añadir a la
 * lista"): a search input (`inputId`, for the caller's label) and the clients matching it as choice buttons,
 * accent-insensitive (`searchClients`; null: the list is still loading). Picking one calls `onPick` and clears the search. `selected`: the
 * e-mail chosen (lower case compared). `labels`: the input's placeholder, the results' group name and the
 * line shown when nobody matches.
 */
export function ClientSearchList({
  inputId,
  clients,
  selected,
  onPick,
  labels,
}: {
  inputId: string;
  clients: Listed[] | null;
  selected: string;
  onPick: (client: Listed) => void;
  labels: { placeholder: string; results: string; noMatches: string };
}) {
  const resultsId = useId();
  const [query, setQuery] = useState('');
  const matches = clients ? searchClients(clients, query) : [];
  return (
    <>
      <input
        id={inputId}
        type="search"
        className="input"
        placeholder={labels.placeholder}
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-controls={resultsId}
      />
      <div id={resultsId} className="choice-list client-results" role="group" aria-label={labels.results}>
        {matches.map((c) => (
          <ChoiceButton
            key={c.email}
            name={c.name}
            details={c.email}
            media={<Initial name={c.name} />}
            selected={selected.trim().toLowerCase() === c.email.toLowerCase()}
            onSelect={() => {
              onPick(c);
              setQuery('');
            }}
          />
        ))}
        {query.trim() !== '' && clients && matches.length === 0 && <p className="muted">{labels.noMatches}</p>}
      </div>
    </>
  );
}
