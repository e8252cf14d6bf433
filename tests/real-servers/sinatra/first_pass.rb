# The Pet Store as a Sinatra team writes it first: classic style, `content_type :json` for
# every route, JSON.parse on the body, `halt` with plain text for its own errors, and
# Sinatra's own pages for everything else, run as its README runs it (development, WEBrick).
#
# Run: PETSTORE_API_KEY=KEY ruby first_pass.rb -p PORT -o 127.0.0.1
require 'sinatra'
require 'json'

API_KEY = ENV.fetch('PETSTORE_API_KEY', 'dev-key')
PETS = {}

before do
  content_type :json
end

before '/v1/*' do
  halt 401, 'Unauthorized' unless request.env['HTTP_AUTHORIZATION'] == "Bearer #{API_KEY}"
end

get '/v1/pets' do
  limit = (params['limit'] || 20).to_i
  found = PETS.values.select { |pet| params['status'].nil? || pet['status'] == params['status'] }
  found.first(limit).to_json
end

post '/v1/pets' do
  data = JSON.parse(request.body.read)
  halt 400, 'name and categoryId are required' unless data['name'] && data['categoryId']
  pet = {
    'id' => PETS.size + 1,
    'name' => data['name'],
    'categoryId' => data['categoryId'],
    'status' => data['status'] || 'available'
  }
  PETS[pet['id']] = pet
  status 201
  pet.to_json
end

get '/v1/pets/:id' do
  pet = PETS[params['id'].to_i]
  halt 404 unless pet
  pet.to_json
end
