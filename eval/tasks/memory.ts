// Tasks over @modelcontextprotocol/server-memory (a knowledge graph of entities, relations and
// observations; its tools declare output schemas, so programs get typed values). The tasks build
// on each other in this order: the graph the first one records is the one the others change.
import type { JsonObject } from '@isocode/registry'
import { call, program, read, readAs, type Task } from '../lib/task.ts'

interface Entity {
  name: string
  entityType: string
  observations: string[]
}
interface Relation {
  from: string
  to: string
  relationType: string
}
interface Graph {
  entities: Entity[]
  relations: Relation[]
}

const TEAM: Entity[] = [
  { name: 'Ada', entityType: 'person', observations: ['engineer', 'team harvest'] },
  { name: 'Ken', entityType: 'person', observations: ['engineer', 'team harvest'] },
  { name: 'Linus', entityType: 'person', observations: ['engineer', 'team storage'] },
  { name: 'Barbara', entityType: 'person', observations: ['designer', 'team storage'] },
  { name: 'Grace', entityType: 'person', observations: ['manager', 'team harvest'] },
  { name: 'Margaret', entityType: 'person', observations: ['manager', 'team storage'] },
]
const manages = (from: string, to: string): Relation => ({ from, to, relationType: 'manages' })
const REPORTS: Relation[] = [
  manages('Grace', 'Ada'),
  manages('Grace', 'Ken'),
  manages('Margaret', 'Linus'),
  manages('Margaret', 'Barbara'),
]
const args = (value: unknown): JsonObject => value as JsonObject
const json = (value: unknown): string => JSON.stringify(value)
const names = (text: string): string[] => readAs<Graph>(text).entities.map((entity) => entity.name)
const reportsOf = (graph: Graph, manager: string): string[] =>
  graph.relations
    .filter((r) => r.from === manager && r.relationType === 'manages')
    .map((r) => r.to)
    .toSorted()

export const memoryTasks: Task[] = [
  {
    id: 'mem-record-team',
    env: 'memory',
    prompt:
      'Record my team in the knowledge graph: Ada and Ken are engineers on the harvest team, Linus is an engineer and Barbara a designer on the storage team; Grace manages harvest and Margaret manages storage (each manager manages everyone on their team). Then tell me how many entities and relations the graph has.',
    expected: { entities: 6, relations: 4 },
    *direct() {
      yield call('create_entities', args({ entities: TEAM }))
      yield call('create_relations', args({ relations: REPORTS }))
      const graph = readAs<Graph>(yield call('read_graph'))
      return { entities: graph.entities.length, relations: graph.relations.length }
    },
    *code() {
      return read(
        yield program(
          'Record the team and count the graph',
          `
          await tools.create_entities({ entities: ${json(TEAM)} })
          await tools.create_relations({ relations: ${json(REPORTS)} })
          const graph = await tools.read_graph({})
          return { entities: graph.entities.length, relations: graph.relations.length }
          `,
        ),
      )
    },
  },
  {
    id: 'mem-on-call',
    env: 'memory',
    prompt: "Add the observation 'on call this week' to every engineer, then tell me who is on call.",
    expected: ['Ada', 'Ken', 'Linus'],
    *direct() {
      const engineers = names(yield call('search_nodes', { query: 'engineer' }))
      yield call(
        'add_observations',
        args({ observations: engineers.map((entityName) => ({ entityName, contents: ['on call this week'] })) }),
      )
      return names(yield call('search_nodes', { query: 'on call' })).toSorted()
    },
    *code() {
      return read(
        yield program(
          'Put every engineer on call and list who is',
          `
          const engineers = (await tools.search_nodes({ query: 'engineer' })).entities.map((e) => e.name)
          await tools.add_observations({ observations: engineers.map((entityName) => ({ entityName, contents: ['on call this week'] })) })
          return (await tools.search_nodes({ query: 'on call' })).entities.map((e) => e.name).sort()
          `,
        ),
      )
    },
  },
  {
    id: 'mem-reports',
    env: 'memory',
    prompt: 'Who does Grace manage?',
    expected: ['Ada', 'Ken'],
    *direct() {
      return reportsOf(readAs<Graph>(yield call('read_graph')), 'Grace')
    },
    *code() {
      return read(
        yield program(
          "List Grace's reports",
          `
          const graph = await tools.read_graph({})
          return graph.relations.filter((r) => r.from === 'Grace' && r.relationType === 'manages').map((r) => r.to).sort()
          `,
        ),
      )
    },
  },
  {
    id: 'mem-move-linus',
    env: 'memory',
    prompt:
      'Linus moves from storage to the harvest team. Update the graph (his team and who manages him), then tell me who Grace manages now.',
    expected: ['Ada', 'Ken', 'Linus'],
    *direct() {
      yield call('delete_relations', args({ relations: [manages('Margaret', 'Linus')] }))
      yield call('create_relations', args({ relations: [manages('Grace', 'Linus')] }))
      yield call('delete_observations', args({ deletions: [{ entityName: 'Linus', observations: ['team storage'] }] }))
      yield call('add_observations', args({ observations: [{ entityName: 'Linus', contents: ['team harvest'] }] }))
      return reportsOf(readAs<Graph>(yield call('read_graph')), 'Grace')
    },
    *code() {
      return read(
        yield program(
          'Move Linus to harvest and list who Grace manages',
          `
          await tools.delete_relations({ relations: [{ from: 'Margaret', to: 'Linus', relationType: 'manages' }] })
          await tools.create_relations({ relations: [{ from: 'Grace', to: 'Linus', relationType: 'manages' }] })
          await tools.delete_observations({ deletions: [{ entityName: 'Linus', observations: ['team storage'] }] })
          await tools.add_observations({ observations: [{ entityName: 'Linus', contents: ['team harvest'] }] })
          const graph = await tools.read_graph({})
          return graph.relations.filter((r) => r.from === 'Grace' && r.relationType === 'manages').map((r) => r.to).sort()
          `,
        ),
      )
    },
  },
  {
    id: 'mem-remove-designers',
    env: 'memory',
    prompt: 'Remove every designer from the graph, then tell me how many entities and relations are left.',
    expected: { entities: 5, relations: 3 },
    *direct() {
      const designers = names(yield call('search_nodes', { query: 'designer' }))
      yield call('delete_entities', { entityNames: designers })
      const graph = readAs<Graph>(yield call('read_graph'))
      return { entities: graph.entities.length, relations: graph.relations.length }
    },
    *code() {
      return read(
        yield program(
          'Delete the designers and count what is left',
          `
          const designers = (await tools.search_nodes({ query: 'designer' })).entities.map((e) => e.name)
          await tools.delete_entities({ entityNames: designers })
          const graph = await tools.read_graph({})
          return { entities: graph.entities.length, relations: graph.relations.length }
          `,
        ),
      )
    },
  },
]
